/**
 * `npm run demo`: seeds a demo data set into the configured database (embedded
 * PGlite in DATA_DIR, or DATABASE_URL) and starts the app.
 *
 * - The admin (ADMIN_EMAIL), verified, with DEMO_ADMIN_PASSWORD or a freshly
 *   generated password, printed at the end (re-running sets a new one).
 * - A few verified users of every role with XP. Points go through the XP ledger
 *   (awardPoints) with fixed idempotency keys, and two referrals through the
 *   real referral reward, so running the seed twice changes nothing.
 *
 * scripts/demo-content.ts adds projects, bounties, grants, resources and contributions;
 * scripts/demo-history.ts eight weeks of members, reviews, referrals and the admin's
 * moderation (a trusted reviewer-to-be, a disabled member, corrections, audit entries).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from 'better-auth/crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { account, seasons, user } from '@/db/schema';
import { boot } from '@/server/boot';
import { EnvError, loadEnv } from '@/server/env';
import { sendSeasonResults } from '@/server/features/seasons/results';
import { rebuildWindows } from '@/server/features/seasons/windows';
import { applyReferralReward } from '@/server/features/xp/ledger';
import { displayNameKey } from '@/server/lib/display-name';
import type { Storage } from '@/server/storage/storage';
import { seedContent } from './demo-content';
import { seedEarned } from './demo-earned';
import { type HistoryDeps, seedHistory } from './demo-history';

/** Every demo user (not the admin) signs in with this password. */
export const DEMO_PASSWORD = 'sysfi-demo';

type SeedUser = {
  email: string;
  name: string;
  role: string;
  status?: 'pending' | 'approved';
  bio?: string;
  /** XP awards as ledger events: [reason, points]. */
  xp: [string, number][];
  /** E-mail of the user who referred this one (rewarded through the real referral rule). */
  referredBy?: string;
};

export const SEED_USERS: SeedUser[] = [
  {
    email: 'ada@demo.sysfi.local',
    name: 'Ada Nakamoto',
    role: 'startup',
    status: 'approved',
    bio: 'Founder of an on-chain credit protocol. Approved startup.',
    xp: [
      ['contribution', 600],
      ['bounty', 450],
    ],
  },
  {
    email: 'linus@demo.sysfi.local',
    name: 'Linus Ledger',
    role: 'project',
    bio: 'Shipping a DePIN sensor network.',
    xp: [
      ['contribution', 500],
      ['bounty', 380],
    ],
  },
  {
    email: 'grace@demo.sysfi.local',
    name: 'Grace Hash',
    role: 'developer',
    bio: 'Smart-contract auditor and tooling nerd.',
    xp: [
      ['contribution', 420],
      ['bounty', 340],
    ],
    referredBy: 'ada@demo.sysfi.local',
  },
  {
    email: 'mira@demo.sysfi.local',
    name: 'Mira Pixel',
    role: 'creator',
    bio: 'Explainer threads and short videos about the ecosystem.',
    xp: [['contribution', 540]],
  },
  {
    email: 'kofi@demo.sysfi.local',
    name: 'Kofi Commons',
    role: 'Community Member',
    xp: [['contribution', 320]],
    referredBy: 'ada@demo.sysfi.local',
  },
  {
    email: 'sofia@demo.sysfi.local',
    name: 'Sofia Signal',
    role: 'ambassador',
    bio: 'Runs the Lisbon meetups.',
    xp: [['contribution', 260]],
  },
  {
    email: 'ben@demo.sysfi.local',
    name: 'Ben Builder',
    role: 'builder',
    xp: [['contribution', 120]],
  },
  {
    email: 'sam@demo.sysfi.local',
    name: 'Sam Seed',
    role: 'startup',
    status: 'pending',
    bio: 'Pre-seed startup waiting for approval.',
    xp: [['contribution', 40]],
  },
];

const newId = () => randomUUID().replace(/-/g, '').slice(0, 24);

/**
 * Creates the user with a password credential (as better-auth stores it), or, if
 * the e-mail exists, makes sure it is verified and sets the password. Returns the id.
 */
async function upsertUser(
  db: Database,
  u: { email: string; name: string; role: string; status?: string; bio?: string },
  password: string,
): Promise<string> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, u.email))
      .for('update');
    const id = existing?.id ?? newId();
    if (!existing) {
      await tx.insert(user).values({
        id,
        name: u.name,
        email: u.email,
        emailVerified: true,
        username: displayNameKey(u.name),
        role: u.role,
        status: u.status ?? 'pending',
        bio: u.bio ?? null,
      });
    } else {
      await tx.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, id));
    }
    const [cred] = await tx
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, id), eq(account.providerId, 'credential')));
    if (cred) {
      await tx.update(account).set({ password: hash, updatedAt: new Date() }).where(eq(account.id, cred.id));
    } else {
      await tx
        .insert(account)
        .values({ id: newId(), accountId: id, providerId: 'credential', userId: id, password: hash });
    }
    return id;
  });
}

export type SeedResult = {
  adminEmail: string;
  adminPassword: string;
  users: { email: string; role: string; xp: number }[];
};

/** Seeds idempotently into an open database. */
export async function seed(
  db: Database,
  opts: { adminEmail: string; adminPassword: string; storage?: Storage; history?: HistoryDeps },
): Promise<SeedResult> {
  const adminId = await upsertUser(
    db,
    { email: opts.adminEmail.toLowerCase(), name: 'Sysfi Admin', role: 'builder' },
    opts.adminPassword,
  );

  const ids = new Map<string, string>();
  for (const u of SEED_USERS) ids.set(u.email, await upsertUser(db, u, DEMO_PASSWORD));

  const now = Date.now();
  for (const u of SEED_USERS) {
    const id = ids.get(u.email)!;
    // Their XP as a history of rewarded work over the past weeks (scripts/demo-earned.ts).
    await seedEarned(db, u, id, now);
    if (u.referredBy) {
      const referrer = ids.get(u.referredBy)!;
      await db.update(user).set({ referredBy: referrer }).where(eq(user.id, id));
      await db.transaction((tx) => applyReferralReward(tx, id));
    }
  }

  if (opts.storage) await seedContent(db, opts.storage, ids);
  if (opts.history) await seedHistory(opts.history, ids, adminId);
  // A past season (its top 3 and top 10 carry badges) and the current one (issue 19).
  const DAY = 86_400_000;
  const have = new Set((await db.select({ name: seasons.name }).from(seasons)).map((s) => s.name));
  const add = async (name: string, from: number, to: number) => {
    if (!have.has(name))
      await db.insert(seasons).values({
        id: randomUUID(),
        name,
        startsAt: new Date(now + from * DAY),
        endsAt: new Date(now + to * DAY),
      });
  };
  if (have.size === 0) {
    await add('Genesis season', -60, -14);
    await add('Season 2', -14, 30);
  }
  // Each part of the seed back-dates its own ledger rows, so one member's rows could read out of
  // date order beside their running balance (first-time-user review: Nov 29, Nov 2, Nov 13…). A
  // member's ledger reads in date order, as a real one does: no row is dated before an earlier one.
  await db.execute(sql`update point_events p set created_at = m.at
    from (select id, max(created_at) over (partition by user_id order by id) as at from point_events) m
    where m.id = p.id and p.created_at < m.at`);
  // The seed back-dates ledger rows to draw a history: the week, month and season boards
  // are summed again from the ledger (features/seasons/windows.ts).
  await rebuildWindows(db);
  // The ended season's members find their final rank in their inbox (once; idempotent).
  if (opts.history) await sendSeasonResults(opts.history);

  const rows = await db.select({ email: user.email, role: user.role, xp: user.pointBalance }).from(user);
  const order = SEED_USERS.map((u) => u.email);
  const users = rows
    .filter((r) => order.includes(r.email))
    .sort((a, b) => b.xp - a.xp || order.indexOf(a.email) - order.indexOf(b.email));
  return { adminEmail: opts.adminEmail, adminPassword: opts.adminPassword, users };
}

async function waitForHealth(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function main() {
  const env = loadEnv();
  // Tooling may read its own variables; the app's configuration still comes from loadEnv().
  const adminPassword =
    process.env.DEMO_ADMIN_PASSWORD ||
    randomBytes(12)
      .toString('base64url')
      .replace(/[^a-zA-Z0-9]/g, '')
      .slice(0, 14);
  if (adminPassword.length < 6) throw new EnvError('DEMO_ADMIN_PASSWORD: must be at least 6 characters');

  console.info(
    `Seeding demo data into ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}/db`}…`,
  );
  const { deps, shutdown } = await boot(env, { background: false });
  let result: SeedResult;
  try {
    result = await seed(deps.handle.db, {
      adminEmail: env.ADMIN_EMAIL,
      adminPassword,
      storage: deps.storage,
      history: deps,
    });
  } finally {
    // PGlite allows one process (and one handle) per directory: close before the server opens it.
    await shutdown();
  }

  // The server exactly as `npm start` runs it.
  await import('@/server/index');
  const host = ['0.0.0.0', '::', ''].includes(env.HOST) ? '127.0.0.1' : env.HOST;
  const local = `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
  if (!(await waitForHealth(local))) {
    console.error(`The server did not become healthy on ${local}.`);
    process.exit(1);
  }

  const width = Math.max(...result.users.map((u) => u.email.length));
  console.info(
    [
      '',
      '━━ Sysfi Labs demo ━━',
      `Open ${env.APP_URL}`,
      '',
      `Admin:  ${result.adminEmail}  password: ${result.adminPassword}`,
      `Users (password for all: ${DEMO_PASSWORD}):`,
      ...result.users.map((u) => `  ${u.email.padEnd(width)}  ${u.role.padEnd(16)} ${u.xp} XP`),
      'Sofia is also a reviewer (Review in the top bar, up to 40 XP per contribution).',
      '',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof EnvError ? err.message : err);
    process.exit(1);
  });
}
