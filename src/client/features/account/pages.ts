/** The account pages, one chunk (they share the form code and zod). */
export { EndSessionPage } from './end-session-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { LoginPage } from './login-page';
export { ResetPasswordPage } from './reset-password-page';
export { SignupPage } from './signup-page';
export { VerifiedPage } from './verified-page';
