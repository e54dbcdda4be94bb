import { describe, expect, it } from 'vitest';
import { checkSources, findImports, stripComments } from './check-imports';

const messages = (files: Record<string, string>) =>
  checkSources(files).map((v) => `${v.file}:${v.line} ${v.specifier}`);

describe('findImports', () => {
  it('finds static, type-only, re-export, side-effect and dynamic imports with their lines', () => {
    const src = [
      "import { z } from 'zod';",
      "import type { AppType } from '../server/app';",
      'import {',
      '  a,',
      '  type B,',
      "} from './multi';",
      "export * from './all';",
      "export type { C } from './types';",
      "import './side-effect.css';",
      "const lazy = () => import('./lazy');",
      "export const notAnImport = 'from';",
    ].join('\n');
    expect(findImports(src)).toEqual([
      { specifier: 'zod', line: 1, typeOnly: false, kind: 'static' },
      { specifier: '../server/app', line: 2, typeOnly: true, kind: 'static' },
      { specifier: './multi', line: 6, typeOnly: false, kind: 'static' },
      { specifier: './all', line: 7, typeOnly: false, kind: 'static' },
      { specifier: './types', line: 8, typeOnly: true, kind: 'static' },
      { specifier: './side-effect.css', line: 9, typeOnly: false, kind: 'static' },
      { specifier: './lazy', line: 10, typeOnly: false, kind: 'dynamic' },
    ]);
  });

  it('ignores imports inside comments but keeps line numbers', () => {
    const src = "// import x from 'node:fs'\n/* import y from 'pg'\n */\nimport { z } from 'zod';";
    expect(stripComments(src).split('\n')).toHaveLength(4);
    expect(findImports(src).map((r) => [r.specifier, r.line])).toEqual([['zod', 4]]);
  });

  it('does not mistake a URL in a string for a comment', () => {
    const src = "const u = 'https://example.com';\nimport { z } from 'zod';";
    expect(findImports(src).map((r) => r.specifier)).toEqual(['zod']);
  });
});

describe('checkSources', () => {
  it('accepts the allowed directions', () => {
    expect(
      messages({
        'src/shared/a.ts': "import { z } from 'zod';\nimport { LIMITS } from './limits';",
        'src/shared/a.test.ts': "import { it } from 'vitest';\nimport { x } from './a';",
        'src/db/schema.ts': "import { sql } from 'drizzle-orm';\nimport { MSG } from '../shared/messages';",
        'src/server/app.ts':
          "import { user } from '../db/schema';\nimport { MSG } from '../shared/messages';",
        'src/client/lib/api.ts':
          "import type { AppType } from '../../server/app';\nimport { MSG } from '../../shared/messages';",
        'src/client/features/auth/login.tsx':
          "import { Button } from '../../components/ui/button';\nimport { x } from './y';",
        'src/client/app/router.tsx':
          "import { Login } from '../features/auth/login';\nimport { P } from '../features/profile/page';",
      }),
    ).toEqual([]);
  });

  it('keeps src/shared pure', () => {
    expect(
      messages({
        'src/shared/a.ts': [
          "import { readFileSync } from 'node:fs';",
          "import path from 'path';",
          "import { user } from '../db/schema';",
          "import type { Env } from '../server/env';",
          "import { cn } from '../client/lib/cn';",
          "import { useState } from 'react';",
          "const m = import('pino');",
          "import { it } from 'vitest';",
        ].join('\n'),
      }),
    ).toEqual([
      'src/shared/a.ts:1 node:fs',
      'src/shared/a.ts:2 path',
      'src/shared/a.ts:3 ../db/schema',
      'src/shared/a.ts:4 ../server/env',
      'src/shared/a.ts:5 ../client/lib/cn',
      'src/shared/a.ts:6 react',
      'src/shared/a.ts:7 pino',
      'src/shared/a.ts:8 vitest',
    ]);
  });

  it('stops db from importing server or client, and server from importing client', () => {
    expect(
      messages({
        'src/db/client.ts': "import { env } from '../server/env';\nimport { x } from '../client/lib/x';",
        'src/server/app.ts': "import type { X } from '../client/lib/x';",
      }),
    ).toEqual([
      'src/db/client.ts:1 ../server/env',
      'src/db/client.ts:2 ../client/lib/x',
      'src/server/app.ts:1 ../client/lib/x',
    ]);
  });

  it('lets the client import server code only as types, and never the database', () => {
    expect(
      messages({
        'src/client/lib/api.ts': [
          "import type { AppType } from '../../server/app';",
          "import { createApp } from '../../server/app';",
          "import { type AppType2 } from '../../server/app';",
          "const s = import('../../server/env');",
          "import { user } from '../../db/schema';",
          "import type { Tx } from '../../db/client';",
        ].join('\n'),
      }),
    ).toEqual([
      'src/client/lib/api.ts:2 ../../server/app',
      'src/client/lib/api.ts:3 ../../server/app',
      'src/client/lib/api.ts:4 ../../server/env',
      'src/client/lib/api.ts:5 ../../db/schema',
      'src/client/lib/api.ts:6 ../../db/client',
    ]);
  });

  it('keeps client features apart', () => {
    expect(
      messages({
        'src/client/features/auth/components/form.tsx': [
          "import { x } from '../../profile/api/get-profile';",
          "import { y } from '../../profile';",
          "import { z } from '../api/sign-in';",
          "import type { T } from '../../dashboard/types';",
        ].join('\n'),
      }),
    ).toEqual([
      'src/client/features/auth/components/form.tsx:1 ../../profile/api/get-profile',
      'src/client/features/auth/components/form.tsx:2 ../../profile',
      'src/client/features/auth/components/form.tsx:4 ../../dashboard/types',
    ]);
  });

  it('says why in the message', () => {
    const [v] = checkSources({ 'src/shared/x.ts': "import fs from 'node:fs';" });
    expect(v?.message).toMatch(/src\/shared must stay pure/);
  });
});
