import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { user } from '../../../db/schema';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import { meSchema } from '../../../shared/schemas/account';
import { profileUpdateSchema } from '../../../shared/schemas/profile';
import type { AppBindings } from '../../context';
import { currentUser, requireAccess } from '../../lib/access';
import { ApiError, errorResponses } from '../../lib/errors';
import { storeImages } from '../../storage/store-images';
import { toMe } from '../account/me';

const PHOTO_MAX_BYTES = LIMITS.profilePhotoBytes;
const PROFILE_MESSAGES = MSG.profile;

const userBody = z.object({ user: meSchema });

const updateRoute = createRoute({
  method: 'patch',
  path: '/profile',
  tags: ['profile'],
  summary: 'Edit your own bio, handles and website (XP, role, status and referral fields are not editable)',
  middleware: [requireAccess('verified')] as const,
  request: { body: { content: { 'application/json': { schema: profileUpdateSchema } }, required: true } },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: userBody } } },
    ...errorResponses(400, 401, 403),
  },
});

const photoRoute = createRoute({
  method: 'post',
  path: '/profile/photo',
  tags: ['profile'],
  summary: 'Upload a profile photo (multipart field "file"; image only, under 5 MB, re-encoded)',
  middleware: [requireAccess('verified')] as const,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary' }) }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: userBody } } },
    ...errorResponses(400, 401, 403, 413),
  },
});

export function profileRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(updateRoute, async (c) => {
    const u = currentUser(c);
    const patch = c.req.valid('json');
    const { db } = c.get('deps').handle;
    const [row] = await db
      .update(user)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(user.id, u.id))
      .returning();
    if (!row) throw new ApiError(500, 'UPDATE_FAILED', PROFILE_MESSAGES.failed);
    return c.json({ user: toMe(row, c.get('isAdmin')) }, 200);
  });

  app.openapi(photoRoute, async (c) => {
    const u = currentUser(c);
    const { handle, storage, now } = c.get('deps');
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new ApiError(400, 'INVALID_UPLOAD', PROFILE_MESSAGES.photoInvalid);
    }
    if (!(form.file instanceof File)) throw new ApiError(400, 'MISSING_FILE', PROFILE_MESSAGES.photoInvalid);
    const stored = await storeImages(storage, {
      files: { photo: form.file },
      key: () => `avatars/${u.id}/${now().getTime()}.webp`,
      maxBytes: PHOTO_MAX_BYTES,
      maxDimension: { photo: 512 },
      invalidMessage: PROFILE_MESSAGES.photoInvalid,
      tooLargeMessage: PROFILE_MESSAGES.photoTooLarge,
      failedMessage: PROFILE_MESSAGES.failed,
    });
    const url = stored.urls.photo;
    if (!url) throw new ApiError(400, 'MISSING_FILE', PROFILE_MESSAGES.photoInvalid);
    let row: typeof user.$inferSelect | undefined;
    try {
      [row] = await handle.db
        .update(user)
        .set({ image: url, updatedAt: sql`now()` })
        .where(eq(user.id, u.id))
        .returning();
    } catch (err) {
      await stored.removeAll(); // no orphan file when the record was not written
      throw err;
    }
    if (u.image && u.image !== url) await storage.removeByUrl(u.image).catch(() => {});
    return c.json({ user: toMe(row!, c.get('isAdmin')) }, 200);
  });
}
