/**
 * Size budget: the JavaScript a first visit to / downloads (the entry, everything
 * it imports statically, the app it starts after the first paint (app/boot.tsx,
 * the entry's dynamic import) and the home page's own chunk) stays within
 * 120 KB gzip. Fails with the per-chunk sizes so the culprit is obvious.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures';
import { buildManifest, ROOT } from './support/server';

const BUDGET_BYTES = 120 * 1024;
const DIST = path.join(ROOT, 'dist/client');

/** A module's chunk and every chunk it imports statically (what its first task downloads and runs). */
const closureIn =
  (manifest: ReturnType<typeof buildManifest>) =>
  (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) closureIn(manifest)(i, seen);
    return seen;
  };

test.describe('bundle budget', () => {
  test('keeps the first route’s JavaScript within 120 KB gzip', () => {
    const manifest = buildManifest();
    const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const homeKey = Object.keys(manifest).find((k) => k.endsWith('features/home/home-page.tsx'));
    expect(homeKey, 'the home page is its own chunk').toBeTruthy();

    const files = new Set<string>();
    const visit = (key: string) => {
      const c = manifest[key]!;
      if (files.has(c.file)) return;
      files.add(c.file);
      for (const i of c.imports ?? []) visit(i);
    };
    visit(entryKey);
    // The entry's dynamic import is the app itself (src/client/main.tsx → app/boot.tsx).
    const app = manifest[entryKey]!.dynamicImports ?? [];
    expect(app.length, 'the entry loads the app').toBeGreaterThan(0);
    for (const key of app) visit(key);
    visit(homeKey!);

    const sizes = [...files]
      .filter((f) => f.endsWith('.js'))
      .map((f) => ({ file: f, gzip: gzipSync(readFileSync(path.join(DIST, f))).length }))
      .sort((a, b) => b.gzip - a.gzip);
    const total = sizes.reduce((s, x) => s + x.gzip, 0);
    const report = sizes.map((s) => `  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB  ${s.file}`).join('\n');
    console.info(
      `first-route JS: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)\n${report}`,
    );
    expect(
      total,
      `first-route JS ${(total / 1024).toFixed(1)} KB gzip over budget:\n${report}`,
    ).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  test('keeps the list pages’ dialogs out of the pages’ own code (lazyDialog)', () => {
    const manifest = buildManifest();
    const staticClosure = closureIn(manifest);
    for (const [page, dialogs] of [
      [
        'src/client/features/launchpad/projects-page.tsx',
        ['src/client/features/launchpad/create-project-dialog.tsx'],
      ],
      [
        'src/client/features/bounties/bounties-page.tsx',
        ['src/client/features/bounties/apply-dialog.tsx', 'src/client/features/bounties/winners-dialogs.tsx'],
      ],
      [
        'src/client/features/grants/grants-page.tsx',
        [
          'src/client/features/grants/grant-form-dialog.tsx',
          'src/client/features/grants/grant-details-dialog.tsx',
        ],
      ],
      [
        'src/client/features/resources/admin/admin-resources-page.tsx',
        ['src/client/features/resources/admin/resource-dialogs.tsx'],
      ],
      [
        'src/client/features/contributions/review/contribution-review-page.tsx',
        ['src/client/features/contributions/review/review-dialog.tsx'],
      ],
    ] as const) {
      const loaded = staticClosure(page);
      for (const dialog of dialogs) {
        expect(manifest[page]!.dynamicImports, `${page} loads ${dialog} on demand`).toContain(dialog);
        expect(loaded.has(dialog), `${dialog} is not in ${page}'s first task`).toBe(false);
      }
    }
  });

  test('keeps the form and dialog libraries off the pages that open a form on demand', () => {
    const manifest = buildManifest();
    const staticClosure = closureIn(manifest);
    const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const app = new Set<string>();
    for (const key of manifest[entryKey]!.dynamicImports ?? []) staticClosure(key, app);
    const gzip = (key: string) => gzipSync(readFileSync(path.join(DIST, manifest[key]!.file))).length;
    // What each page opens on demand: a dialog, a panel, a form at the foot of the page, or
    // the charts' pictures (drawn after the figures).
    const onDemand = [
      'src/client/components/reason-dialog-form.tsx',
      'src/client/features/bounties/filter-panel.tsx',
      'src/client/features/profile/profile-form.tsx',
      'src/client/features/profile/two-factor-card.tsx',
      'src/client/features/profile/password-card.tsx',
      'src/client/features/contributions/review/review-dialog.tsx',
      'src/client/features/insights/chart-pictures.tsx',
    ];
    for (const key of onDemand)
      expect(manifest[key]?.isDynamicEntry, `${key} is loaded on demand`).toBe(true);
    // The form library, zod and the dialog library are about 55 KB gzip together: a page that
    // pulled any of them back into its first task would go over.
    const PAGE_BUDGET = 48 * 1024;
    for (const page of [
      'src/client/features/bounties/bounties-page.tsx',
      'src/client/features/profile/profile-page.tsx',
      'src/client/features/grants/admin/admin-grants-page.tsx',
      'src/client/features/launchpad/admin/project-approvals-page.tsx',
      'src/client/features/bounties/admin/bounty-approvals-page.tsx',
      'src/client/features/contributions/review/contribution-review-page.tsx',
      'src/client/features/insights/insights-page.tsx',
    ]) {
      const loaded = staticClosure(page);
      for (const key of onDemand)
        expect(loaded.has(key), `${key} is not in ${page}'s first task`).toBe(false);
      const own = [...loaded].filter((k) => !app.has(k)).reduce((sum, k) => sum + gzip(k), 0);
      console.info(`${page}: ${(own / 1024).toFixed(1)} KB gzip beyond the app`);
      expect(own, `${page}'s own JavaScript, ${(own / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(
        PAGE_BUDGET,
      );
    }
  });
});
