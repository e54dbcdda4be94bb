import { useQuery } from '@tanstack/react-query';
import { type ApiData, client, ok } from '@/client/lib/api';
import { type UiCallbacks, useFeatureMutation } from '@/client/lib/mutation';
import { meQueryOptions } from '@/client/lib/session';
import { LIMITS } from '@/shared/limits';
import type { LoginInput, SignUpInput } from '@/shared/schemas/account';
import type { SignInCodeInput } from '@/shared/schemas/security';

/**
 * The account endpoints these pages call, one hook each. None touches a cached query:
 * the page that signs in or verifies refreshes the session itself (useSession).
 */

/** Sign in with e-mail and password; the answer may ask for the two-factor code first. */
export function useSignIn(ui: UiCallbacks<ApiData<'/account/sign-in', 'post'>, LoginInput> = {}) {
  return useFeatureMutation((body: LoginInput) => ok(client.POST('/account/sign-in', { body })), ui);
}

/** The sign-in's second step: a code from the authenticator app or a backup code. */
export function useSignInCode(
  ui: UiCallbacks<ApiData<'/account/sign-in/two-factor', 'post'>, SignInCodeInput> = {},
) {
  return useFeatureMutation(
    (body: SignInCodeInput) => ok(client.POST('/account/sign-in/two-factor', { body })),
    ui,
  );
}

/** A new account (signed in, unverified). */
export function useSignUp(ui: UiCallbacks<ApiData<'/account/sign-up', 'post'>, SignUpInput> = {}) {
  return useFeatureMutation((body: SignUpInput) => ok(client.POST('/account/sign-up', { body })), ui);
}

/** Sends the verification link again. */
export function useSendVerification(
  ui: UiCallbacks<ApiData<'/account/send-verification', 'post'>, void> = {},
) {
  return useFeatureMutation(() => ok(client.POST('/account/send-verification')), ui);
}

/** "Change e-mail" before verifying: the unverified sign-up is discarded (its name is free again). */
export async function discardUnverified(): Promise<ApiData<'/account/discard-unverified', 'post'>> {
  return ok(client.POST('/account/discard-unverified'));
}

/** The verification link opened where the account is not signed in: its password confirms it. */
export function useVerifyWithPassword(
  ui: UiCallbacks<ApiData<'/account/verify-email', 'post'>, { token: string; password: string }> = {},
) {
  return useFeatureMutation(
    (body: { token: string; password: string }) => ok(client.POST('/account/verify-email', { body })),
    ui,
  );
}

/**
 * While the account is unverified: the shared session query is read again every few
 * seconds (in the foreground), so every screen sees the verification once it happens.
 */
export function useVerificationPoll() {
  return useQuery({
    ...meQueryOptions,
    refetchInterval: LIMITS.verificationPollMs,
    refetchIntervalInBackground: false,
  });
}

/** Mails a link to choose a new password. */
export function useForgotPassword(ui: UiCallbacks<ApiData<'/account/forgot-password', 'post'>, string> = {}) {
  return useFeatureMutation(
    (email: string) => ok(client.POST('/account/forgot-password', { body: { email } })),
    ui,
  );
}

type NewPassword = { token: string; password: string; confirmPassword: string };

/** A new password from the mailed link. */
export function useResetPassword(
  ui: UiCallbacks<ApiData<'/account/reset-password', 'post'>, NewPassword> = {},
) {
  return useFeatureMutation((body: NewPassword) => ok(client.POST('/account/reset-password', { body })), ui);
}

/** A new-sign-in alert's "End this session": the button sends the link's signed token. */
export function useEndSessionByLink(
  token: string,
  ui: UiCallbacks<ApiData<'/account/devices/end-by-link', 'post'>, void> = {},
) {
  return useFeatureMutation(() => ok(client.POST('/account/devices/end-by-link', { body: { token } })), ui);
}
