import { MSG } from '@/shared/messages';
import { ApiError, errorMessage } from './api';

/**
 * A 403 on an admin screen: the signed-in account may not use it (spec §8 Admin), so the
 * screen says MSG.admin.unauthorized and offers no retry. A module of its own, beside
 * refusal-message.ts: it reads the whole catalogue (MSG), and client/lib/api.ts is in the
 * first route's JavaScript.
 */
export function notAdmin(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 403;
}

/**
 * The message for a failure on an admin screen: MSG.admin.unauthorized for a 403, else
 * `prefix` and then errorMessage(err, fallback), the server's message or the fallback.
 */
export function adminErrorMessage(err: unknown, fallback?: string, prefix = ''): string {
  if (notAdmin(err)) return MSG.admin.unauthorized;
  return `${prefix}${errorMessage(err, fallback)}`;
}
