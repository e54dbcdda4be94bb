/**
 * Projects (spec §2 Projects page, §5 create project): anyone verified can browse;
 * approved startups create, with logo and banner uploads; owners archive and
 * unarchive their own.
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { projects, user } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { profileShown } from '@/server/features/profile/shown';
import { ownerEnabled } from '@/server/features/users/owner-enabled';
import { currentUser, requireApprovedStartup } from '@/server/lib/access';
import { ApiError, notFound } from '@/server/lib/errors';
import { readFields, textField } from '@/server/lib/form';
import { keptJson } from '@/server/lib/kept-json';
import { listCache } from '@/server/lib/list-cache';
import { binaryField, idParam, multipartBody, textFields, UPLOAD_ERRORS } from '@/server/lib/openapi';
import {
  afterTimeKey,
  decodeCursor,
  exactInstant,
  pageLimit,
  pageOf,
  pageParams,
  timeKeySchema,
} from '@/server/lib/paging';
import { routes } from '@/server/lib/route';
import { newObjectKey } from '@/server/storage/storage';
import { storeImages } from '@/server/storage/store-images';
import { MSG } from '@/shared/messages';
import { firstMessage } from '@/shared/schemas/account';
import {
  createProjectSchema,
  PROJECT_FILTERS,
  PROJECT_STATUSES,
  projectListSchema,
  projectSchema,
} from '@/shared/schemas/projects';
import { PROJECT_IMAGE_SIZE, UPLOADS } from '@/shared/uploads';

const listRoute = routes.projects('get', '/projects', {
  summary: 'Projects, newest first (filter all | active | archived | my), one keyset page at a time',
  access: 'verified',
  query: z.object({ filter: z.enum(PROJECT_FILTERS).optional(), ...pageParams }),
  ok: projectListSchema,
});

const createRouteDef = routes.projects('post', '/projects', {
  summary: 'Create a project (approved startups only); multipart with optional "logo" and "banner" images',
  access: requireApprovedStartup(MSG.project.onlyApproved),
  request: {
    body: multipartBody(
      z.object({
        ...textFields(createProjectSchema),
        logo: binaryField().optional(),
        banner: binaryField().optional(),
      }),
    ),
  },
  ok: z.object({ project: projectSchema }),
  created: true,
  described: 'Created',
  errors: UPLOAD_ERRORS,
});

const statusRoute = routes.projects('patch', '/projects/{id}/status', {
  summary: 'Archive or unarchive your own project',
  access: 'verified',
  params: idParam,
  body: z.object({ status: z.enum(PROJECT_STATUSES) }).strict(),
  ok: z.object({ project: projectSchema }),
  errors: [404],
});

type Row = typeof projects.$inferSelect & { ownerName?: string | null; ownerProfile?: boolean | null };
const view = (p: Row) => ({
  ...p,
  ownerName: p.ownerName ?? null,
  ownerProfile: p.ownerProfile === true,
  status: p.status as 'active' | 'archived',
  createdAt: p.createdAt?.toISOString() ?? null,
  updatedAt: undefined,
});

export function projectRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(listRoute, async (c) => {
    const u = currentUser(c);
    const query = c.req.valid('query');
    const filter = query.filter ?? 'all';
    const after = decodeCursor(query.cursor, timeKeySchema);
    const limit = pageLimit(query.limit);
    // A disabled owner's projects leave the public list until they are enabled (issue 18).
    const where: SQL | undefined =
      filter === 'my'
        ? eq(projects.ownerId, u.id)
        : and(ownerEnabled(projects.ownerId), filter === 'all' ? undefined : eq(projects.status, filter));
    const { handle, now } = c.get('deps');
    const read = async () => {
      const rows = await handle.db
        .select({
          project: projects,
          ownerName: user.name,
          ownerProfile: profileShown(),
          key: exactInstant(projects.createdAt),
        })
        .from(projects)
        .leftJoin(user, eq(user.id, projects.ownerId))
        .where(and(where, afterTimeKey('desc', projects.createdAt, projects.id, after)))
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit, (r) => [r.key, r.project.id]);
      return {
        value: {
          projects: page.items.map((r) =>
            view({ ...r.project, ownerName: r.ownerName, ownerProfile: r.ownerProfile }),
          ),
          nextCursor: page.nextCursor,
        },
      };
    };
    // The first page of a list everyone sees is kept while no project changes (list-cache.ts).
    const shared = !after && query.limit === undefined && filter !== 'my';
    const cache = listCache(handle, () => now().getTime());
    if (shared) return keptJson(c, await cache.get('projects', filter, read));
    return c.json((await read()).value, 200);
  });

  app.openapi(createRouteDef, async (c) => {
    const u = currentUser(c);
    const { handle, storage, now } = c.get('deps');
    const form = await readFields(c, {
      invalid: { code: 'INVALID_UPLOAD', message: MSG.common.invalidInput },
    });
    const text = (k: string) => textField(form, k);
    const parsed = createProjectSchema.safeParse({
      title: text('title') ?? '',
      description: text('description') ?? '',
      xAccount: text('xAccount') ?? '',
      website: text('website') ?? '',
      githubUrl: text('githubUrl'),
      tags: text('tags'),
    });
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', firstMessage(parsed.error));

    const at = now();
    const stored = await storeImages(storage, {
      member: u.id,
      files: { logo: form.logo, banner: form.banner },
      key: (field, name) =>
        newObjectKey(`projects/${u.id}/${field === 'logo' ? 'logos' : 'banners'}`, at, name),
      rule: UPLOADS.projectImage,
      maxDimension: { logo: PROJECT_IMAGE_SIZE.logo.width, banner: PROJECT_IMAGE_SIZE.banner.width },
      failedMessage: MSG.project.createFailed,
    });
    try {
      const [row] = await handle.db
        .insert(projects)
        .values({
          ...parsed.data,
          ownerId: u.id,
          status: 'active',
          logoUrl: stored.urls.logo ?? null,
          bannerUrl: stored.urls.banner ?? null,
          createdAt: now(),
        })
        .returning();
      return c.json({ project: view({ ...row!, ownerName: u.name }) }, 201);
    } catch (err) {
      await stored.removeAll(); // never leave files no record points at
      c.get('log').error({ err }, 'project create failed');
      throw new ApiError(500, 'CREATE_FAILED', MSG.project.createFailed);
    }
  });

  app.openapi(statusRoute, async (c) => {
    const u = currentUser(c);
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    const { db } = c.get('deps').handle;
    const [existing] = await db.select().from(projects).where(eq(projects.id, id));
    if (!existing) throw notFound();
    if (existing.ownerId !== u.id) throw new ApiError(403, 'NOT_OWNER', MSG.project.notOwner);
    const [row] = await db
      .update(projects)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(projects.id, id), eq(projects.ownerId, u.id)))
      .returning();
    return c.json({ project: view({ ...row!, ownerName: u.name }) }, 200);
  });
}
