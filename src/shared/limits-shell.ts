/**
 * The constants the first page needs: the app's shell (top bar, route guard, toasts)
 * and the home page. They live here, apart from the rest of LIMITS (which includes
 * them), so the first route's JavaScript does not carry every business constant.
 */
export const SHELL_LIMITS = {
  verificationSuccessMs: 3000,
  toastErrorMs: 4000,
  toastSuccessMs: 2000,
  topBarScrollPx: 10,
  leaderboardSize: 50,
  referralRewardPoints: 100,
  contributionsPerDay: 5,
  /** Spec §9 docs statement: rewards are processed within this many hours. */
  rewardsProcessedHours: 24,
} as const;
