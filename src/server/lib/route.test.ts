import { OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../app';
import type { AppBindings } from '../context';
import { idParam } from './openapi';
import { routesOf } from './route';

const route = routesOf('test');

describe('routesOf', () => {
  it('derives the guard, its 401 and 403, and the 400 of any input', () => {
    const r = route('post', '/things/{id}', {
      summary: 'x',
      access: 'admin',
      params: idParam,
      body: z.object({ reason: z.string() }),
      ok: z.object({ ok: z.literal(true) }),
      errors: [404, 409, 400],
    });
    expect(r.tags).toEqual(['test']);
    expect(r.middleware).toHaveLength(1);
    expect(Object.keys(r.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409']);
    expect(r.request.body.content['application/json']).toBeDefined();
  });

  it('leaves an open route without a guard, and one without input without a 400', () => {
    const r = route('get', '/open', { summary: 'x', ok: z.object({}), created: true });
    expect('middleware' in r).toBe(false);
    expect('request' in r).toBe(false);
    expect(Object.keys(r.responses)).toEqual(['201']);
  });

  it('runs the guard before validation: a caller without the right gets 401, not 400', async () => {
    const app = new OpenAPIHono<AppBindings>();
    app.use('*', async (c, next) => {
      c.set('user', null);
      c.set('isAdmin', false);
      await next();
    });
    app.onError((err, c) => c.json({ status: (err as { status?: number }).status }, 200));
    app.openapi(
      route('post', '/guarded', {
        summary: 'x',
        access: 'verified',
        body: z.object({ n: z.number() }),
        ok: z.object({}),
      }),
      (c) => c.json({}, 200),
    );
    const res = await app.request('/guarded', {
      method: 'POST',
      body: '{"n":"not a number"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await res.json()).toEqual({ status: 401 });
  });

  it("keeps each input's own type for the handler (a compile-time check: tsc fails if it loosens)", () => {
    const app = new OpenAPIHono<AppBindings>();
    app.openapi(
      route('post', '/typed/{id}', {
        summary: 'x',
        params: idParam,
        query: z.object({ page: z.string() }),
        body: z.object({ n: z.number() }),
        ok: z.object({ n: z.number() }),
      }),
      (c) => {
        const n: number = c.req.valid('json').n;
        const id: string = c.req.valid('param').id;
        const page: string = c.req.valid('query').page;
        // @ts-expect-error: the body has no such field
        void c.req.valid('json').missing;
        return c.json({ n: id === page ? 0 : n }, 200);
      },
    );
    app.openapi(
      route('get', '/typed-answer', { summary: 'x', ok: z.object({ n: z.number() }) }),
      // @ts-expect-error: the answer must match `ok`
      (c) => c.json({ n: 'not a number' }, 200),
    );
    expect(app.routes.length).toBeGreaterThan(0);
  });

  it('every guarded route in the API documents 401 and 403, and every route with input 400', () => {
    const doc = openApiDocument() as unknown as {
      paths: Record<
        string,
        Record<string, { responses: object; parameters?: unknown[]; requestBody?: unknown }>
      >;
    };
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const codes = Object.keys(op.responses);
        if ((op.parameters?.length ?? 0) > 0 || op.requestBody)
          expect(codes, `${method} ${path}`).toContain('400');
        if (codes.includes('403')) expect(codes, `${method} ${path}`).toContain('401');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(80);
  });
});
