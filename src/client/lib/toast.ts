import { toast as sonner } from 'sonner';
import { LIMITS } from '../../shared/limits';

/** Toasts with the spec's durations: errors 4 s, successes 2 s (spec §2 Toasts). */
export const toast = {
  success(message: string) {
    sonner.success(message, { duration: LIMITS.toastSuccessMs });
  },
  error(message: string) {
    sonner.error(message, { duration: LIMITS.toastErrorMs });
  },
};
