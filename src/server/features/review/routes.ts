/**
 * The HTTP side of decisions: one route shape for every approve/decline/reject/reset
 * call, the decider taken from the session, and the optional note read from the body.
 */
import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppBindings } from '@/server/context';
import { currentUser } from '@/server/lib/access';
import { ApiError } from '@/server/lib/errors';
import { idParam, jsonBody } from '@/server/lib/openapi';
import { routes } from '@/server/lib/route';
import { MSG } from '@/shared/messages';
import type { Access } from '@/shared/rules/access';
import { type Decider, type DecisionFlow, decide } from './decide';

/** POST {path} with `{id}` in it: an admin decision (or a reviewer's, with access 'reviewer') answering `response`. */
export const decisionRoute = <B extends z.ZodType, R extends z.ZodType>(opts: {
  path: string;
  /** Who may call it; the admin alone unless said otherwise. */
  access?: Extract<Access, 'admin' | 'reviewer'>;
  summary: string;
  body: B;
  /** Whether the body must be sent (a note is usually optional). */
  required?: boolean;
  response: R;
}) =>
  routes.admin('post', opts.path, {
    summary: opts.summary,
    access: opts.access ?? 'admin',
    params: idParam,
    request: { body: jsonBody(opts.body, opts.required ?? false) },
    ok: opts.response,
    errors: [404, 409],
  });

/**
 * Who is deciding, from the session (the route's middleware has let them in): the admin,
 * else a reviewer, whose rights decide() checks again inside the transaction.
 */
export function deciderOf(c: Context<AppBindings>): Decider {
  // (An owner's own decision names its decider itself: features/bounties/winners.ts.)
  return { userId: currentUser(c).id, role: c.get('isAdmin') ? 'admin' : 'reviewer' };
}

/**
 * The optional note of a decision whose body may be left out: a missing or
 * unreadable body is no note; a note that breaks the schema is a 400.
 */
export async function readNote<K extends string>(
  c: Context<AppBindings>,
  schema: z.ZodType<Partial<Record<K, string>>>,
  key: K,
): Promise<string | null> {
  const parsed = schema.safeParse((await c.req.json().catch(() => ({}))) ?? {});
  if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', MSG.common.invalidInput);
  return parsed.data[key] || null;
}

/**
 * The whole handler of a decision that carries an optional note: the item's id
 * from the path (validated by the route), the note from the body, then decide().
 */
export async function decideWithNote<Row, A extends string, Out, K extends string>(
  c: Context<AppBindings>,
  flow: DecisionFlow<Row, { action: A; note: string | null }, Out>,
  action: A,
  body: { schema: z.ZodType<Partial<Record<K, string>>>; key: K },
): Promise<Out> {
  const note = await readNote(c, body.schema, body.key);
  return decide(c.get('deps'), flow, c.req.param('id') ?? '', { action, note }, deciderOf(c));
}
