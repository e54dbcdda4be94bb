/**
 * The HTTP side of bounty submissions and winners (issue 19; the rules are winners.ts):
 *
 *   PUT  /bounties/{id}/submission    an applicant's work, until the deadline
 *   GET  /bounties/{id}/submission    the viewer's own
 *   GET  /bounties/{id}/submissions   every submission (the requester and the admin)
 *   POST /bounties/{id}/winners       the podium (the requester or the admin, after the deadline)
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppBindings } from '@/server/context';
import { decide } from '@/server/features/review/decide';
import { assertStaffSecondFactor, currentUser } from '@/server/lib/access';
import { ApiError } from '@/server/lib/errors';
import { idParam } from '@/server/lib/openapi';
import { routes } from '@/server/lib/route';
import { MSG } from '@/shared/messages';
import { winnersDue } from '@/shared/rules/bounty';
import {
  bountySchema,
  bountySubmissionInputSchema,
  bountySubmissionSchema,
  bountyWinnersInputSchema,
} from '@/shared/schemas/bounties';
import {
  assertRequesterOrAdmin,
  bountyOr404,
  mySubmission,
  saveSubmission,
  submissionsOf,
  winnersDecision,
  winnersOf,
} from './winners';

const saveRoute = routes.bounties('put', '/bounties/{id}/submission', {
  summary: 'Submit or edit your work for a bounty you applied to (a link and a note), until its deadline',
  access: 'verified',
  params: idParam,
  body: bountySubmissionInputSchema,
  ok: z.object({ submission: bountySubmissionSchema }),
  errors: [404, 409],
});

const mineRoute = routes.bounties('get', '/bounties/{id}/submission', {
  summary: 'Your own submission to a bounty, or null',
  access: 'verified',
  params: idParam,
  ok: z.object({ submission: bountySubmissionSchema.nullable() }),
  errors: [404],
});

const listRoute = routes.bounties('get', '/bounties/{id}/submissions', {
  summary:
    'Every submission to a bounty, oldest first, and when its winners are due (the requester and the admin only)',
  access: 'verified',
  params: idParam,
  ok: z.object({
    title: z.string(),
    submissions: z.array(bountySubmissionSchema),
    winnersDueAt: z.string().nullable(),
    overdue: z.boolean(),
  }),
  errors: [404],
});

const winnersRoute = routes.bounties('post', '/bounties/{id}/winners', {
  summary:
    'Announce up to 3 winners in podium order, after the deadline, once (the requester or the admin); an XP prize per place, paid once, only from the admin; the requester cannot win',
  access: 'verified',
  params: idParam,
  body: bountyWinnersInputSchema,
  ok: z.object({ winners: bountySchema.shape.winners, winnersAnnouncedAt: z.string() }),
  errors: [403, 404, 409],
});

export function bountyWinnersRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(saveRoute, async (c) => {
    const { handle, now } = c.get('deps');
    const submission = await saveSubmission(
      handle.db,
      c.req.valid('param').id,
      currentUser(c).id,
      c.req.valid('json'),
      now(),
    );
    return c.json({ submission }, 200);
  });

  app.openapi(mineRoute, async (c) => {
    const db = c.get('deps').handle.db;
    const { id } = c.req.valid('param');
    await bountyOr404(db, id);
    c.header('cache-control', 'no-store');
    return c.json({ submission: await mySubmission(db, id, currentUser(c).id) }, 200);
  });

  app.openapi(listRoute, async (c) => {
    const { handle, now } = c.get('deps');
    const b = await bountyOr404(handle.db, c.req.valid('param').id);
    assertRequesterOrAdmin(b, currentUser(c).id, c.get('isAdmin'));
    const due = winnersDue(b.deadline, b.winnersAnnouncedAt, now());
    c.header('cache-control', 'no-store');
    return c.json(
      {
        title: b.title,
        submissions: await submissionsOf(handle.db, b.id),
        winnersDueAt: due?.dueAt.toISOString() ?? null,
        overdue: !!due?.overdue,
      },
      200,
    );
  });

  app.openapi(winnersRoute, async (c) => {
    const deps = c.get('deps');
    const me = currentUser(c);
    const isAdmin = c.get('isAdmin');
    const { id } = c.req.valid('param');
    const b = await bountyOr404(deps.handle.db, id);
    assertRequesterOrAdmin(b, me.id, isAdmin);
    const input = c.req.valid('json');
    // XP is created only by the ecosystem team: a requester names the podium, and an XP prize
    // needs the admin (else a requester with a second account could pay it any amount).
    const prizes = input.winners.some((w) => w.prizeXp > 0);
    if (prizes && !isAdmin) throw new ApiError(403, 'PRIZE_ADMIN_ONLY', MSG.winners.prizeAdminOnly);
    // The admin deciding on someone else's bounty, or paying XP, is an admin write: the staff rule applies.
    const asAdmin = isAdmin && (b.requesterId !== me.id || prizes);
    if (asAdmin) assertStaffSecondFactor('admin', 'POST', me, deps.env.REQUIRE_STAFF_2FA);
    const row = await decide(deps, winnersDecision, id, input, {
      userId: me.id,
      role: asAdmin ? 'admin' : 'owner',
    });
    deps.leaderboard.invalidate();
    await deps.bus.publish({ topic: 'bounties', data: { id, action: 'winners' } }).catch(() => {});
    const podium = (await winnersOf(deps.handle.db, [id])).get(id) ?? [];
    return c.json({ winners: podium, winnersAnnouncedAt: row.winnersAnnouncedAt!.toISOString() }, 200);
  });
}
