import { SHELL_LIMITS } from '@/shared/limits-shell';

/**
 * Toasts with the spec's durations: errors 4 s, successes 2 s (spec §2 Toasts).
 * sonner is loaded on demand (the <Toaster/> mounts lazily too), keeping it out
 * of the first bundle.
 */
const sonner = () => import('sonner').then((m) => m.toast);

export const toast = {
  success(message: string) {
    void sonner().then((t) => t.success(message, { duration: SHELL_LIMITS.toastSuccessMs }));
  },
  error(message: string) {
    void sonner().then((t) => t.error(message, { duration: SHELL_LIMITS.toastErrorMs }));
  },
  /** Why the app did something the user did not ask for (a redirect): read like an error. */
  info(message: string) {
    void sonner().then((t) => t.info(message, { duration: SHELL_LIMITS.toastErrorMs }));
  },
};
