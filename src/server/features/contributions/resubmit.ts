/**
 * The owner's answer to a change request (issue 18): edit the title and the link of a
 * contribution a reviewer sent back, and put it back in the review queue, once. It is
 * the same row, created when it was first sent: the daily limit (which counts rows sent
 * since the start of the day) does not count it again, and it keeps its place in the queue.
 */
import { eq } from 'drizzle-orm';
import { contributions } from '@/db/schema';
import { currentUser } from '@/server/lib/access';
import { ApiError, notFound } from '@/server/lib/errors';
import type { AppRouteHandler } from '@/server/lib/openapi';
import { MSG } from '@/shared/messages';
import { linkKey } from '@/shared/rules/links';
import { firstMessage } from '@/shared/schemas/account';
import { contributionSubmitSchema } from '@/shared/schemas/contributions';
import { refuseIfDisabled } from '../users/moderation';
import { duplicateLink, isUniqueViolation, refuseIfLinkTaken, view } from './contributions.data';
import type { resubmitRoute } from './contributions.routes';

export const resubmit: AppRouteHandler<typeof resubmitRoute> = async (c) => {
  const me = currentUser(c);
  const { handle, now } = c.get('deps');
  const id = c.req.valid('param').id;
  const body = c.req.valid('json');
  try {
    const row = await handle.db.transaction(async (tx) => {
      const [item] = await tx.select().from(contributions).where(eq(contributions.id, id)).for('update');
      // Someone else's contribution is no more visible here than a missing one.
      if (!item || item.userId !== me.id) throw notFound();
      await refuseIfDisabled(tx, me.id);
      if (item.status !== 'changes_requested' || item.resubmittedAt)
        throw new ApiError(409, 'NOT_AWAITING_CHANGES', MSG.reviewers.notAwaitingChanges);
      // The submit form's rules, for the type it was sent as (a file stays attached).
      const parsed = contributionSubmitSchema.safeParse({
        title: body.title,
        link: body.link,
        type: item.type,
        hasFile: !!item.fileUrl,
      });
      if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', firstMessage(parsed.error));
      const key = parsed.data.link ? linkKey(parsed.data.link) : null;
      if (key && key !== item.linkKey) await refuseIfLinkTaken(tx, key, item.id);
      const at = now();
      const [updated] = await tx
        .update(contributions)
        .set({
          title: parsed.data.title,
          link: parsed.data.link ?? (item.fileUrl ? null : item.link),
          linkKey: parsed.data.link ? key : item.fileUrl ? null : item.linkKey,
          status: 'pending',
          resubmittedAt: at,
          updatedAt: at,
        })
        .where(eq(contributions.id, item.id))
        .returning();
      return updated!;
    });
    return c.json({ contribution: view(row) }, 200);
  } catch (err) {
    // Two owners racing for one link: the unique index lets one in.
    if (isUniqueViolation(err)) throw duplicateLink();
    throw err;
  }
};
