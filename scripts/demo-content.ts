/**
 * Demo content for every feature, seeded idempotently (each kind is skipped when
 * the demo already created it): projects with images, project applications,
 * bounty requests in every state with published bounties (active, nearly expired,
 * expired), grants in every status, resources, and contributions pending,
 * rewarded and rejected. Points still go through the ledger.
 */
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '@/db/client';
import {
  bounties,
  bountyApplicants,
  bountyApplications,
  contributions,
  grants,
  projectApplications,
  projects,
  resources,
  user,
} from '@/db/schema';
import { awardPoints } from '@/server/features/xp/ledger';
import type { Storage } from '@/server/storage/storage';
import { linkKey } from '@/shared/rules/links';

const DAY = 86_400_000;

/** A project's mark: a few shapes of its own, drawn from its name (the same on every run). */
function mark(name: string, x: number, y: number, size: number): string {
  const h = [...name].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7);
  const r = size / 2;
  switch (h % 3) {
    case 0: // rings
      return `<circle cx="${x}" cy="${y}" r="${r * 0.8}" fill="none" stroke="#fff" stroke-width="${size * 0.09}"/><circle cx="${x}" cy="${y}" r="${r * 0.32}" fill="#fff"/>`;
    case 1: // hexagon
      return `<polygon points="${[0, 1, 2, 3, 4, 5]
        .map(
          (i) =>
            `${x + r * 0.85 * Math.cos((Math.PI / 3) * i + Math.PI / 6)},${y + r * 0.85 * Math.sin((Math.PI / 3) * i + Math.PI / 6)}`,
        )
        .join(
          ' ',
        )}" fill="none" stroke="#fff" stroke-width="${size * 0.09}" stroke-linejoin="round"/><circle cx="${x}" cy="${y}" r="${r * 0.22}" fill="#fff"/>`;
    default: // stacked bars
      return [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${x - r * 0.7}" y="${y - r * 0.6 + i * r * 0.45}" width="${r * 1.4 * (1 - i * 0.22)}" height="${r * 0.28}" rx="${r * 0.14}" fill="#fff" opacity="${1 - i * 0.25}"/>`,
        )
        .join('');
  }
}

async function banner(
  storage: Storage,
  ownerId: string,
  name: string,
  from: string,
  to: string,
  w = 1600,
  h = 600,
  label = '',
  tagline = '',
) {
  const logo = w === h;
  const esc = (t: string) => t.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
  const art = logo
    ? `<rect width="100%" height="100%" rx="${w * 0.22}" fill="url(#g)"/>${mark(label, w / 2, h / 2, w * 0.56)}`
    : `<rect width="100%" height="100%" fill="url(#g)"/>
       <g opacity="0.1" stroke="#fff" stroke-width="2" fill="none">${Array.from({ length: 9 }, (_, i) => `<path d="M${-200 + i * 220} ${h} L${200 + i * 220} 0"/>`).join('')}</g>
       ${mark(label, w * 0.76, h * 0.5, h * 0.34)}
       <text x="${w * 0.19}" y="${h * 0.52}" font-family="Inter, Helvetica, Arial, sans-serif" font-size="${h * 0.13}" font-weight="700" fill="#fff">${esc(label)}</text>
       <text x="${w * 0.19}" y="${h * 0.64}" font-family="Inter, Helvetica, Arial, sans-serif" font-size="${h * 0.045}" fill="#fff" opacity="0.85">${esc(tagline)}</text>`;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>${art}</svg>`,
  );
  // Rendered by us from our own SVG into WebP: stored exactly like an upload would be.
  const webp = await sharp(svg).webp({ quality: 80 }).toBuffer();
  return storage.put(
    `projects/${ownerId}/${w > h ? 'banners' : 'logos'}/demo_${name}.webp`,
    webp,
    'image/webp',
  );
}

export async function seedContent(db: Database, storage: Storage, ids: Map<string, string>) {
  const id = (email: string) => ids.get(email)!;
  const ada = id('ada@demo.sysfi.local');
  const linus = id('linus@demo.sysfi.local');
  const sam = id('sam@demo.sysfi.local');
  const now = Date.now();

  // Projects (Ada is the approved startup).
  const [{ n: demoProjects } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(projects)
    .where(eq(projects.ownerId, ada));
  let projectIds: string[] = [];
  if (demoProjects === 0) {
    const defs = [
      [
        'Orbit Credit',
        'Under-collateralised loans scored from on-chain history.',
        ['DeFi', 'Credit'],
        '#7c3aed',
        '#22d3ee',
        'active',
      ],
      [
        'Lumen Oracles',
        'Low-latency price feeds for Sysfi dApps, run by a permissionless set of nodes.',
        ['Infra', 'Oracles'],
        '#0ea5e9',
        '#22c55e',
        'active',
      ],
      [
        'Pixel Guilds',
        'A guild system for on-chain games, with shared treasuries.',
        ['GameFi', 'DAO'],
        '#f97316',
        '#db2777',
        'archived',
      ],
    ] as const;
    for (const [i, [title, description, tags, a, b, status]] of defs.entries()) {
      const bannerUrl = await banner(
        storage,
        ada,
        `banner${i}`,
        a,
        b,
        1600,
        600,
        title,
        description.split(/[,.]/)[0],
      );
      const logoUrl = await banner(storage, ada, `logo${i}`, b, a, 256, 256, title);
      const [p] = await db
        .insert(projects)
        .values({
          ownerId: ada,
          title,
          description,
          website: `https://${title.toLowerCase().replace(/\s+/g, '')}.example`,
          xAccount: `@${title.replace(/\s+/g, '')}`,
          githubUrl:
            i === 1 ? null : `https://github.com/sysfi-demo/${title.toLowerCase().replace(/\s+/g, '-')}`,
          tags: [...tags],
          status,
          bannerUrl,
          logoUrl,
          createdAt: new Date(now - (10 - i) * DAY),
        })
        .returning({ id: projects.id });
      projectIds.push(p!.id);
    }
  } else {
    projectIds = (await db.select({ id: projects.id }).from(projects).where(eq(projects.ownerId, ada))).map(
      (r) => r.id,
    );
  }

  // Project applications: Ada's approved one, Sam's pending one.
  if ((await db.select().from(projectApplications).limit(1)).length === 0) {
    const base = {
      website: 'https://example.org',
      github: 'https://github.com/sysfi-demo',
      whitepaper: 'https://example.org/whitepaper.pdf',
      teamMembers: ['https://x.com/founder', 'https://www.linkedin.com/in/cofounder'],
      phase: 'MVP',
      goals: 'Launch on Sysfi mainnet and onboard the first 1,000 users.',
    };
    await db.insert(projectApplications).values([
      {
        ...base,
        ownerId: ada,
        email: 'ada@demo.sysfi.local',
        name: 'Orbit Credit',
        genre: 'DeFi',
        status: 'approved',
        decidedAt: new Date(now - 12 * DAY),
        submittedAt: new Date(now - 13 * DAY),
      },
      {
        ...base,
        ownerId: sam,
        email: 'sam@demo.sysfi.local',
        name: 'Seedling DAO',
        genre: 'DAO',
        phase: 'Idea',
        submittedAt: new Date(now - DAY),
      },
    ]);
  }

  // Bounty requests in every state; approved ones are on the board.
  if ((await db.select().from(bountyApplications).limit(1)).length === 0) {
    const requests = [
      {
        title: 'Write a Sysfi SDK quick-start',
        reward: '300 USDC',
        days: 20,
        status: 'approved',
        by: linus,
        description:
          'A ten-minute quick-start for the TypeScript SDK: install, connect a wallet, read a balance and send a first transaction on testnet. Runnable code in a public repo, tested on Node 22 and in the browser.',
        criteria: ['Clarity', 'Completeness', 'Code quality'],
      },
      {
        title: 'Design the Lumen dashboard',
        reward: '800 USDC',
        days: 2,
        status: 'approved',
        by: ada,
        description:
          'Figma designs for the Lumen oracle dashboard: feed health, node uptime and deviation alerts, at desktop and phone sizes. Dark theme first; a clickable prototype earns a bonus.',
        criteria: ['User Experience', 'Visual design', 'Impact'],
      },
      {
        title: 'Translate the docs to Spanish',
        reward: '150 USDC',
        days: -3,
        status: 'approved',
        by: linus,
        description:
          'Translate the Getting started and Staking sections of the docs (about 6,000 words) into neutral Spanish, keeping code and links intact. One reviewer from the LatAm community signs off.',
        criteria: ['Accuracy', 'Tone'],
      },
      {
        title: 'Audit the Orbit vault contracts',
        reward: '5,000 USDC',
        days: 30,
        status: 'pending',
        by: ada,
        description:
          'A security review of the Orbit Credit vault and liquidation contracts (about 1,400 lines of Solidity). Findings by severity with proofs of concept; a fix review is included.',
        criteria: ['Technical Difficulty', 'Impact', 'Feasibility'],
      },
      {
        title: 'Meme contest',
        reward: '50 USDC',
        days: 10,
        status: 'rejected',
        by: linus,
        description: 'Best Sysfi meme wins. Post on X with #SysfiMemes.',
        criteria: ['Creativity'],
      },
    ] as const;
    for (const [i, r] of requests.entries()) {
      const deadline = new Date(now + r.days * DAY);
      const [req] = await db
        .insert(bountyApplications)
        .values({
          userId: r.by,
          title: r.title,
          description: r.description,
          reward: r.reward,
          deadline,
          contactInfo: 'tg: @sysfi_demo',
          resourceLink: 'https://docs.sysfi.example/bounties',
          criteria: [...r.criteria],
          status: r.status,
          adminMessage: r.status === 'rejected' ? 'Please scope the prize pool and judging.' : null,
          createdAt: new Date(now - (10 - i) * DAY),
          reviewedAt: r.status === 'pending' ? null : new Date(now - (9 - i) * DAY),
        })
        .returning();
      if (r.status === 'approved') {
        const [b] = await db
          .insert(bounties)
          .values({
            requestId: req!.id,
            requesterId: r.by,
            title: req!.title,
            description: req!.description,
            reward: req!.reward,
            deadline,
            criteria: req!.criteria,
            createdAt: new Date(now - (9 - i) * DAY),
          })
          .returning();
        if (i === 0) {
          await db.insert(bountyApplicants).values({
            bountyId: b!.id,
            userId: id('grace@demo.sysfi.local'),
            pitch: 'I wrote the TypeScript SDK docs for two chains; draft in a week.',
            link: 'https://github.com/grace-hash',
          });
        }
      }
    }
  }

  // Grants in every status, for Ada's projects.
  if ((await db.select().from(grants).limit(1)).length === 0 && projectIds.length >= 3) {
    const proposal = (what: string) =>
      `${what} We will ship in three milestones over twelve weeks, publish everything open source, and report progress monthly to the community.`;
    await db.insert(grants).values([
      {
        projectId: projectIds[0]!,
        applicantId: ada,
        amount: '25000.00',
        currency: 'USDC',
        proposal: proposal('Mainnet launch of Orbit Credit.'),
        status: 'approved',
        adminMessage: 'Funded in Q3.',
        decidedAt: new Date(now - 5 * DAY),
        submittedAt: new Date(now - 20 * DAY),
        updatedAt: new Date(now - 20 * DAY),
      },
      {
        projectId: projectIds[1]!,
        applicantId: ada,
        amount: '12000.00',
        currency: 'USDC',
        proposal: proposal('Decentralise the Lumen oracle node set.'),
        submittedAt: new Date(now - 2 * DAY),
        updatedAt: new Date(now - 2 * DAY),
      },
      {
        projectId: projectIds[2]!,
        applicantId: ada,
        amount: '4000.00',
        currency: 'SYS',
        proposal: proposal('Guild treasury tooling.'),
        status: 'declined',
        adminMessage: 'Out of scope for this round.',
        decidedAt: new Date(now - 8 * DAY),
        submittedAt: new Date(now - 15 * DAY),
        updatedAt: new Date(now - 15 * DAY),
      },
    ]);
  }

  // Resources.
  if ((await db.select().from(resources).limit(1)).length === 0) {
    const list: [string, string][] = [
      ['Getting started with Sysfi', 'Guides'],
      ['Writing your first smart contract', 'Guides'],
      ['Running a validator node', 'Guides'],
      ['Sysfi SDK reference', 'Docs'],
      ['JSON-RPC API reference', 'Docs'],
      ['Tokenomics paper', 'Research'],
      ['Économie des frais de gas', 'Research'],
      ['Brand kit and logos', 'Brand'],
      ['Community code of conduct', 'Community'],
      ['Ambassador handbook', 'Community'],
      ['Grant application template', 'Templates'],
      ['Bounty brief template', 'Templates'],
    ];
    await db.insert(resources).values(
      list.map(([title, category], i) => ({
        title,
        category,
        link: `https://docs.sysfi.example/${title
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^a-z0-9]+/g, '-')}`,
        uploadedAt: new Date(now - (i + 1) * DAY),
      })),
    );
  }

  // Contributions: pending, rewarded (through the ledger) and rejected.
  if ((await db.select().from(contributions).limit(1)).length === 0) {
    const items = [
      ['mira@demo.sysfi.local', 'Thread: 10 things to build on Sysfi', 'approved', 40],
      ['mira@demo.sysfi.local', 'Video explainer of the grants program', 'pending', 0],
      ['kofi@demo.sysfi.local', 'Meetup recap', 'rejected', 0],
      ['sofia@demo.sysfi.local', 'Lisbon meetup announcement', 'pending', 0],
      ['ben@demo.sysfi.local', 'First impressions of the SDK', 'approved', 25],
    ] as const;
    for (const [i, [email, title, status, points]] of items.entries()) {
      const userId = id(email);
      const link = `https://x.com/sysfi_demo/status/18${String(i).padStart(17, '0')}`;
      await db.transaction(async (tx) => {
        const [u] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId));
        const [c] = await tx
          .insert(contributions)
          .values({
            userId,
            title,
            type: 'tweet',
            contributor: u?.name ?? 'Anonymous',
            link,
            linkKey: linkKey(link),
            status,
            reason: status === 'rejected' ? 'The link does not mention Sysfi.' : null,
            rewardPoints: status === 'approved' ? points : null,
            createdAt: new Date(now - (6 - i) * DAY),
            reviewedAt: status === 'pending' ? null : new Date(now - (5 - i) * DAY),
          })
          .returning();
        await tx
          .update(user)
          .set({
            totalContributions: sql`${user.totalContributions} + 1`,
            ...(status === 'approved' ? { approvedContribution: sql`${user.approvedContribution} + 1` } : {}),
            ...(status === 'rejected' ? { rejectedContribution: sql`${user.rejectedContribution} + 1` } : {}),
          })
          .where(and(eq(user.id, userId)));
        if (status === 'approved') {
          await awardPoints(tx, {
            userId,
            delta: points,
            reason: 'contribution',
            sourceId: c!.id,
            key: `contribution:${c!.id}`,
          });
        }
      });
    }
  }
}
