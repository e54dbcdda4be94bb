/**
 * The client's API types come from the server's route definitions (ADR 0011).
 *
 * 1. Drift: the committed generated/openapi.ts is exactly what the current routes
 *    generate, so a route changed without `npm run api:types` fails here.
 * 2. Proof: a field added on the server reaches the client's compile. A required
 *    `probe` field is added to the zod schema of PATCH /profile's body (the real
 *    schema, extended) and a field of GET /me/points' answer is renamed; the
 *    types are generated from that document into a scratch directory and `tsc`
 *    checks src/client against them (a tsconfig that maps `@generated/*` there).
 *    Both must show up (the client does not send `probe` and still reads
 *    `events`), and nothing else may break: no file has an error but theirs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/server/app';
import { profileUpdateSchema } from '@/shared/schemas/profile';
import { API_TYPES_FILE, apiTypesSource } from './api-types';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Doc = ReturnType<typeof openApiDocument>;

/** PATCH /profile's request body as the server would document it with one more required field. */
function profileBodyWithProbe() {
  const app = new OpenAPIHono();
  const schema = profileUpdateSchema.extend({ probe: z.string() });
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/profile',
      request: { body: { content: { 'application/json': { schema } }, required: true } },
      responses: { 200: { description: 'Updated' } },
    }),
    (c) => c.body(null, 200),
  );
  const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'probe', version: '0' } });
  return doc.paths?.['/profile']?.patch?.requestBody;
}

describe('API types', () => {
  it('generated/openapi.ts is what the current route definitions generate', async () => {
    const expected = await apiTypesSource(openApiDocument());
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    expect(committed === expected, 'generated/openapi.ts is out of date: run npm run api:types').toBe(true);
  });

  it('a field added on the server is a compile error in the client until the client uses it', async () => {
    const doc = structuredClone(openApiDocument()) as Doc;
    const patch = doc.paths?.['/profile']?.patch;
    const body = profileBodyWithProbe();
    expect(patch && body, 'PATCH /profile and its probe body').toBeTruthy();
    patch!.requestBody = body;
    // A response field renamed: events → entries.
    const points = doc.paths?.['/me/points']?.get?.responses?.['200'] as {
      content: {
        'application/json': { schema: { properties: Record<string, unknown>; required: string[] } };
      };
    };
    const answer = points.content['application/json'].schema;
    answer.properties = { entries: answer.properties.events };
    answer.required = ['entries'];

    const dir = path.join(ROOT, 'node_modules/.cache/api-types-probe');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'openapi.ts'), await apiTypesSource(doc));
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(ROOT, 'tsconfig.json'),
        compilerOptions: {
          paths: { '@/*': [path.join(ROOT, 'src/*')], '@generated/*': [path.join(dir, '*')] },
        },
        include: [path.join(ROOT, 'src/client')],
      }),
    );
    const tsc = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['--noEmit', '-p', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    rmSync(dir, { recursive: true, force: true });
    const errors = tsc.stdout.split('\n').filter((l) => /error TS\d+/.test(l));

    expect(tsc.status, tsc.stdout + tsc.stderr).not.toBe(0);
    // Nothing else broke (the scratch config is sound): every file with an error has one
    // of the two changes among its errors (the rest follow from it, e.g. an implicit any).
    const primary = errors.filter((l) => /probe|'events'/.test(l));
    const fileOf = (l: string) => l.slice(0, l.indexOf('('));
    expect(
      errors.filter((l) => !primary.some((p) => fileOf(p) === fileOf(l))),
      tsc.stdout,
    ).toEqual([]);
    // The request: the client's profile update does not send the new required field.
    expect(errors.some((l) => l.includes('src/client/features/profile/') && l.includes('probe'))).toBe(true);
    // The response: the client still reads the old field name.
    expect(errors.some((l) => l.includes('src/client/features/profile/') && l.includes("'events'"))).toBe(
      true,
    );
  }, 120_000);
});
