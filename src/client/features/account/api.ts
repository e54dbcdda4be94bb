import { client, ok } from '@/client/lib/api';
import type { LoginInput, SignUpInput } from '@/shared/schemas/account';
import type { SignInCodeInput } from '@/shared/schemas/security';

/** The account endpoints these pages call. */

export const accountApi = {
  signIn: (body: LoginInput) => ok(client.POST('/account/sign-in', { body })),
  signUp: (body: SignUpInput) => ok(client.POST('/account/sign-up', { body })),
  sendVerification: () => ok(client.POST('/account/send-verification')),
  forgotPassword: (email: string) => ok(client.POST('/account/forgot-password', { body: { email } })),
  resetPassword: (body: { token: string; password: string; confirmPassword: string }) =>
    ok(client.POST('/account/reset-password', { body })),
  endSessionByLink: (token: string) => ok(client.POST('/account/devices/end-by-link', { body: { token } })),
  signInCode: (body: SignInCodeInput) => ok(client.POST('/account/sign-in/two-factor', { body })),
  verifyWithPassword: (body: { token: string; password: string }) =>
    ok(client.POST('/account/verify-email', { body })),
};
