import { randomInt } from 'node:crypto';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { user } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { currentUser } from '@/server/lib/access';
import { ApiError } from '@/server/lib/errors';
import { readFields } from '@/server/lib/form';
import { binaryField, multipartBody, UPLOAD_ERRORS } from '@/server/lib/openapi';
import { routes } from '@/server/lib/route';
import { lockUser } from '@/server/lib/user-lock';
import { storeImages } from '@/server/storage/store-images';
import { MSG } from '@/shared/messages';
import { scheduleZoneChange } from '@/shared/rules/user-zone';
import { meSchema } from '@/shared/schemas/account';
import { profileUpdateSchema } from '@/shared/schemas/profile';
import { UPLOADS } from '@/shared/uploads';
import { toMe } from '../account/me';
import { LEADERBOARD_CHANGED_TOPIC } from '../leaderboard/leaderboard.service';
import { lockUserZone } from './zone';

const PROFILE_MESSAGES = MSG.profile;

const userBody = z.object({ user: meSchema });

const updateRoute = routes.profile('patch', '/profile', {
  summary: 'Edit your own bio, handles and website (XP, role, status and referral fields are not editable)',
  access: 'verified',
  body: profileUpdateSchema,
  ok: userBody,
  described: 'Updated',
});

const photoRoute = routes.profile('post', '/profile/photo', {
  summary: 'Upload a profile photo (multipart field "file"; image only, under 5 MB, re-encoded)',
  access: 'verified',
  request: { body: multipartBody(z.object({ file: binaryField() })) },
  ok: userBody,
  described: 'Updated',
  errors: UPLOAD_ERRORS,
});

export function profileRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(updateRoute, async (c) => {
    const u = currentUser(c);
    const { timeZone, ...patch } = c.req.valid('json');
    const { handle, now } = c.get('deps');
    const row = await handle.db.transaction(async (tx) => {
      // A zone change waits for the end of the current local day; read the zone under
      // the row lock so two edits (or a submit) see one order.
      const zone = await lockUserZone(tx, u.id);
      if (!zone) return undefined;
      const [updated] = await tx
        .update(user)
        .set({
          ...patch,
          ...(timeZone ? scheduleZoneChange(zone, timeZone, now()) : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(user.id, u.id))
        .returning();
      return updated;
    });
    if (!row) throw new ApiError(500, 'UPDATE_FAILED', PROFILE_MESSAGES.failed);
    if (patch.profileHidden !== undefined) {
      // The leaderboard's names link to public profiles: every process re-lists at once.
      c.get('deps').leaderboard.invalidate();
      await c
        .get('deps')
        .bus.publish({ topic: LEADERBOARD_CHANGED_TOPIC, data: {} })
        .catch(() => {});
    }
    return c.json({ user: toMe(row, c.get('isAdmin'), now()) }, 200);
  });

  app.openapi(photoRoute, async (c) => {
    const u = currentUser(c);
    const { handle, storage, now } = c.get('deps');
    const form = await readFields(c, {
      invalid: { code: 'INVALID_UPLOAD', message: PROFILE_MESSAGES.photoInvalid },
    });
    if (!(form.file instanceof File)) throw new ApiError(400, 'MISSING_FILE', PROFILE_MESSAGES.photoInvalid);
    const stored = await storeImages(storage, {
      member: u.id,
      files: { photo: form.file },
      // Unique per upload (parallel uploads in one millisecond must not share a file).
      key: () => `avatars/${u.id}/${now().getTime()}${randomInt(1e9).toString().padStart(9, '0')}.webp`,
      rule: UPLOADS.profilePhoto,
      maxDimension: { photo: 512 },
      failedMessage: PROFILE_MESSAGES.failed,
    });
    const url = stored.urls.photo;
    if (!url) throw new ApiError(400, 'MISSING_FILE', PROFILE_MESSAGES.photoInvalid);
    let row: typeof user.$inferSelect | undefined;
    let replaced: string | null = null;
    try {
      // The photo this one replaces is read under the row lock: parallel uploads queue
      // here, and each removes the file the one before it stored, so exactly one stays.
      row = await handle.db.transaction(async (tx) => {
        const current = await lockUser(tx, u.id, { image: user.image });
        replaced = current?.image ?? null;
        const [updated] = await tx
          .update(user)
          .set({ image: url, updatedAt: sql`now()` })
          .where(eq(user.id, u.id))
          .returning();
        return updated;
      });
    } catch (err) {
      await stored.removeAll(); // no orphan file when the record was not written
      throw err;
    }
    if (replaced && replaced !== url)
      await storage
        .removeByUrl(replaced)
        .catch((err) => c.get('log').warn({ err, url: replaced }, 'old photo not removed'));
    return c.json({ user: toMe(row!, c.get('isAdmin'), now()) }, 200);
  });
}
