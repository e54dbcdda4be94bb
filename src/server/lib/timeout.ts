/**
 * A promise bounded in time: the health checks, every storage call and every mail send
 * give up on a dependency that does not answer instead of waiting for it.
 */

/**
 * `p`, or a rejection with `timeoutError()` once `ms` have passed first. The timer is
 * cleared as soon as either settles; `unref` lets the process exit while it is pending.
 */
export function withTimeout<T>(
  p: Promise<T>,
  ms: number,
  timeoutError: () => Error,
  o: { unref?: boolean } = {},
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(timeoutError()), ms);
      if (o.unref) timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The error of a call that got no answer in time: "<what>: no answer within <ms> ms". */
export const noAnswerWithin = (what: string, ms: number) => `${what}: no answer within ${ms} ms`;
