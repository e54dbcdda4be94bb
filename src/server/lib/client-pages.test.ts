import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadClientPages } from './client-pages';

const MARKS = { name: '%%name%%', line: '%%line%%', param: '%%param%%' };

function clientDir(withShells = true) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'client-pages-'));
  writeFileSync(path.join(dir, 'index.html'), 'index');
  if (withShells) {
    mkdirSync(path.join(dir, 'shells'));
    for (const name of ['home', 'dashboard', 'generic', 'u-name'])
      for (const v of ['signedOut', 'unknown'])
        writeFileSync(path.join(dir, 'shells', `${name}.${v}.html`), `${name}.${v}`);
    writeFileSync(
      path.join(dir, 'shells', 'dashboard.named.html'),
      `<h1>Hi ${MARKS.name}</h1><b>${MARKS.line}</b>`,
    );
    writeFileSync(
      path.join(dir, 'shells', 'admin-users-id.named.html'),
      `<link href="/api/admin/users/${MARKS.param}"><h1>${MARKS.name}</h1><p>${MARKS.line}</p>`,
    );
    writeFileSync(
      path.join(dir, 'shells', 'index.json'),
      JSON.stringify({
        routes: { '/': 'home', '/dashboard': 'dashboard' },
        generic: 'generic',
        variants: ['signedOut', 'unknown'],
        named: { '/dashboard': 'dashboard.named', '/admin/users/:id': 'admin-users-id.named' },
        drawn: { '/u/:name': 'u-name' },
        marks: MARKS,
      }),
    );
  }
  return dir;
}

const text = (p: { body: Buffer; encoding: string | null }) =>
  p.encoding === 'br'
    ? zlib.brotliDecompressSync(p.body).toString()
    : p.encoding === 'gzip'
      ? zlib.gunzipSync(p.body).toString()
      : p.body.toString();

describe('client pages', () => {
  const pages = loadClientPages(clientDir());

  it("gives a page the server draws per request its route's own page, else the generic one", () => {
    expect(pages.template(false, '/u/:name')).toBe('u-name.signedOut');
    expect(pages.template(true, '/u/:name')).toBe('u-name.unknown');
    expect(pages.template(true)).toBe('generic.unknown');
    expect(pages.template(false, '/not/drawn')).toBe('generic.signedOut');
    // A build without the route's own page falls back to the generic one.
    expect(loadClientPages(clientDir(false)).template(false, '/u/:name')).toBe('index');
  });

  it('picks the page by route and by whether a session cookie came', () => {
    expect(text(pages.page('/', false, undefined))).toBe('home.signedOut');
    expect(text(pages.page('/', true, undefined))).toBe('home.unknown');
    expect(text(pages.page('/dashboard/', true, undefined))).toBe('dashboard.unknown');
    expect(text(pages.page('/projects', false, undefined))).toBe('generic.signedOut');
    // No path: the generic page, for a viewer the route's guard sends away (no route data preload).
    expect(text(pages.page(null, true, undefined))).toBe('generic.unknown');
  });

  it('sends brotli, then gzip, then identity, as the browser accepts', () => {
    expect(pages.page('/', false, 'gzip, deflate, br').encoding).toBe('br');
    expect(pages.page('/', false, 'gzip, br;q=0').encoding).toBe('gzip');
    const plain = pages.page('/', false, 'identity');
    expect(plain.encoding).toBeNull();
    expect(text(pages.page('/', false, 'br'))).toBe('home.signedOut');
  });

  it('draws the name and role into a greeting page, escaped', () => {
    expect(pages.greets('/dashboard')).toEqual({ route: '/dashboard' });
    expect(pages.greets('/')).toBeNull();
    const page = pages.named(
      { route: '/dashboard' },
      { name: '<img src=x onerror=alert(1)>', line: 'Builder' },
      'br',
    )!;
    expect(text(page)).toBe('<h1>Hi &lt;img src=x onerror=alert(1)&gt;</h1><b>Builder</b>');
  });

  it("matches a named route's parameter as one id segment and draws it, nothing else", () => {
    const match = pages.greets('/admin/users/u_1-Ab/');
    expect(match).toEqual({ route: '/admin/users/:id', param: 'u_1-Ab' });
    const page = pages.named(match!, { name: 'Ana <i>', line: 'ana@example.com' }, undefined)!;
    expect(text(page)).toBe(
      '<link href="/api/admin/users/u_1-Ab"><h1>Ana &lt;i&gt;</h1><p>ana@example.com</p>',
    );
    // Anything but one segment of id characters is not that route: the generic page serves it.
    for (const p of [
      '/admin/users/a%22%3E',
      '/admin/users/a"b',
      '/admin/users/a/b',
      '/admin/users/',
      `/admin/users/${'x'.repeat(65)}`,
    ])
      expect(pages.greets(p), p).toBeNull();
    // A parameter handed in from elsewhere is still drawn only when it is an id.
    const forged = pages.named(
      { route: '/admin/users/:id', param: '"><script>' },
      { name: 'a', line: 'b' },
      undefined,
    )!;
    expect(text(forged)).toBe('<link href="/api/admin/users/"><h1>a</h1><p>b</p>');
  });

  it("serves the build's precompressed .br and .gz as they are, and compresses only what has none", () => {
    const dir = clientDir();
    const shell = path.join(dir, 'shells', 'home.signedOut.html');
    writeFileSync(`${shell}.br`, zlib.brotliCompressSync('home.signedOut (precompressed)'));
    writeFileSync(`${shell}.gz`, zlib.gzipSync('home.signedOut (precompressed gzip)'));
    const built = loadClientPages(dir);
    expect(text(built.page('/', false, 'br'))).toBe('home.signedOut (precompressed)');
    expect(text(built.page('/', false, 'gzip'))).toBe('home.signedOut (precompressed gzip)');
    expect(text(built.page('/', false, undefined))).toBe('home.signedOut');
    expect(text(built.page('/', true, 'br'))).toBe('home.unknown');
  });

  it("draws names that look like replacement patterns ($&, $', $`, $1, $$) literally", () => {
    for (const name of ['$&', "$'", '$`', 'Bob $& Co', 'a$1b', '$$', "<$'>"]) {
      const page = pages.named({ route: '/dashboard' }, { name, line: '$&' }, undefined)!;
      const escaped = name
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll("'", '&#39;');
      expect(text(page), name).toBe(`<h1>Hi ${escaped}</h1><b>$&amp;</b>`);
    }
  });

  it('falls back to index.html for every route when the build wrote no pages', () => {
    const bare = loadClientPages(clientDir(false));
    expect(text(bare.page('/', false, undefined))).toBe('index');
    expect(bare.greets('/dashboard')).toBeNull();
  });
});
