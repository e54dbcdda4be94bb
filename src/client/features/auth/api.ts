import type { Me } from '../../../shared/schemas/account';
import { api } from '../../lib/api';

/** The account endpoints these pages call. */
export type SignInBody = { email: string; password: string };
export type SignUpBody = {
  email: string;
  displayName: string;
  password: string;
  confirmPassword: string;
  role?: string;
  ref?: string;
};

export const accountApi = {
  signIn: (body: SignInBody) => api.post<{ user: Me }>('/api/account/sign-in', body),
  signUp: (body: SignUpBody) => api.post<{ user: Me }>('/api/account/sign-up', body),
  sendVerification: () => api.post<{ ok: true; message?: string }>('/api/account/send-verification'),
  forgotPassword: (email: string) =>
    api.post<{ ok: true; message?: string }>('/api/account/forgot-password', { email }),
  resetPassword: (body: { token: string; password: string; confirmPassword: string }) =>
    api.post<{ ok: true; message?: string }>('/api/account/reset-password', body),
};
