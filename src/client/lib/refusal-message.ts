import { ApiError } from './api';

/**
 * A form's failure line: the server's own message when it refused the request for a reason it
 * explains (a 4xx: a rule, a conflict, a limit), otherwise the form's `fallback` (a failure on
 * our side or the network's says what to do next better than a generic server message). A module
 * of its own: only forms read it, and client/lib/api.ts is in the first route's JavaScript.
 */
export function refusalMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.fromServer && err.status >= 400 && err.status < 500) return err.message;
  return fallback;
}
