/**
 * Cache-first pages (spec §3 local caches, §4 data pages) in Chromium: a page
 * reloads from SysfiDB with the API cut and shows fresh data once the network is
 * back; sign-out wipes SysfiDB and the leaderboard copy in localStorage, and the
 * next person on the browser sees nothing of the last one.
 */
import type { Page } from '@playwright/test';
import { LEADERBOARD_STORAGE_KEY } from '@/client/features/dashboard/leaderboard-cache';
import { BROWSER_DB_NAME, REFERRER_KEY } from '@/client/lib/storage';
import { SYSFI_DB_VERSION, SYSFI_STORES } from '@/client/lib/sysfi-db';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { applySession, pathOf } from './support/api';
import { expect, test } from './support/fixtures';

type DbState = { exists: boolean; version?: number; stores?: string[]; counts?: Record<string, number> };

/** SysfiDB as the page sees it, without creating it when it is absent. */
function dbState(page: Page): Promise<DbState> {
  return page.evaluate(async (name) => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === name)) return { exists: false };
    return new Promise<DbState>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const db = req.result;
        const stores = [...db.objectStoreNames];
        const counts: Record<string, number> = {};
        if (stores.length === 0) {
          db.close();
          resolve({ exists: true, version: db.version, stores, counts });
          return;
        }
        const tx = db.transaction(stores, 'readonly');
        for (const s of stores) {
          const c = tx.objectStore(s).count();
          c.onsuccess = () => {
            counts[s] = c.result;
          };
        }
        tx.oncomplete = () => {
          db.close();
          resolve({ exists: true, version: db.version, stores, counts });
        };
      };
    });
  }, BROWSER_DB_NAME);
}

function totalRecords(s: DbState): number {
  return Object.values(s.counts ?? {}).reduce((a, b) => a + b, 0);
}

/** The big XP number on the dashboard's 'Your XP' card. */
async function dashboardXp(page: Page): Promise<string> {
  const card = page.getByRole('region', { name: 'Your XP' });
  return (await card.locator('p.text-3xl').first().innerText()).trim();
}

test.describe('cache-first pages', () => {
  test('reloads the dashboard from SysfiDB with the API cut, then shows fresh data when the network is back', async ({
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    const page = await newPage({ as: user });
    const context = page.context();

    // Online: visit the profile and the dashboard, so both are cached.
    await page.goto('/profile');
    await page.getByRole('heading', { level: 2, name: user.displayName }).waitFor();
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: new RegExp(user.displayName) }).waitFor();
    await page.getByText(MSG.dashboard.emptyActivity).waitFor();
    expect(await dashboardXp(page)).toBe('0');

    await expect.poll(async () => (await dbState(page)).counts?.dashboardData ?? 0).toBeGreaterThan(0);
    const state = await dbState(page);
    expect(state.version).toBe(SYSFI_DB_VERSION);
    expect([...(state.stores ?? [])].sort()).toEqual([...SYSFI_STORES].sort());
    // Every record carries its cached-at time.
    const record = await page.evaluate(
      (name) =>
        new Promise<{ key: string; cachedAt: number } | undefined>((resolve) => {
          const req = indexedDB.open(name);
          req.onsuccess = () => {
            const get = req.result.transaction('dashboardData').objectStore('dashboardData').getAll();
            get.onsuccess = () => {
              resolve(get.result[0]);
              req.result.close();
            };
          };
        }),
      BROWSER_DB_NAME,
    );
    expect(record?.key).toContain(user.uid);
    expect(typeof record?.cachedAt).toBe('number');

    // Cut the API (index.html and the scripts still load, as from a cache) and reload.
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    const started = Date.now();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: new RegExp(user.displayName) }).waitFor();
    await page.getByText(MSG.dashboard.emptyActivity).waitFor();
    const shownAfterMs = Date.now() - started;
    expect(pathOf(page.url())).toBe('/dashboard');
    expect(await dashboardXp(page)).toBe('0');
    await page.getByTestId('leaderboard').getByText(MSG.leaderboard.lastUpdated).waitFor();
    // Failing to refresh is said quietly, not as an error page.
    await page.getByTestId('stale-notice').waitFor();
    expect(await page.getByText('Couldn’t load your dashboard').count()).toBe(0);
    expect(shownAfterMs).toBeLessThan(5_000);

    // Client-side navigation with the API still cut: the cached profile shows too.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: MSG.nav.profile, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: user.displayName }).waitFor();
    expect(await page.getByText(MSG.profile.loadFailed).count()).toBe(0);
    await nav.getByRole('link', { name: MSG.nav.dashboard, exact: true }).click();
    await page.getByText(MSG.dashboard.emptyActivity).waitFor();

    // The browser goes offline too (the page's chunks are all loaded by now).
    await context.setOffline(true);

    // Meanwhile the server changes: a friend joins with the invite link (+100 XP).
    await createUser({ ref: user.uid });

    // The network is back: the page refreshes by itself and replaces the cache.
    await page.unroute('**/api/**');
    await context.setOffline(false);
    await expect.poll(() => dashboardXp(page)).toBe(String(LIMITS.referralRewardPoints));
    await page.getByTestId('your-rank').waitFor();
    await expect.poll(() => page.getByTestId('stale-notice').count()).toBe(0);

    // The fresh copy is what the next offline reload shows.
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByTestId('your-rank').waitFor();
    expect(await dashboardXp(page)).toBe(String(LIMITS.referralRewardPoints));
    await page.unroute('**/api/**');
  });

  test('sign-out clears SysfiDB and the leaderboard copy; the next person sees nothing of the last one', async ({
    app,
    createUser,
    newPage,
  }) => {
    const first = await createUser();
    await createUser({ ref: first.uid }); // first has XP, so the board has a row
    const page = await newPage({ as: first });

    await page.goto('/profile');
    await page.getByRole('heading', { level: 2, name: first.displayName }).waitFor();
    await page.goto('/dashboard');
    await page.getByTestId('your-rank').waitFor();
    await expect.poll(async () => totalRecords(await dbState(page))).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate((k) => localStorage.getItem(k), LEADERBOARD_STORAGE_KEY)).not.toBeNull();
    await page.evaluate((k) => localStorage.setItem(k, 'someone-invited-me'), REFERRER_KEY);

    await page.getByRole('button', { name: MSG.nav.logout }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect
      .poll(async () => {
        const s = await dbState(page);
        return !s.exists || totalRecords(s) === 0;
      })
      .toBe(true);
    expect(await page.evaluate((k) => localStorage.getItem(k), LEADERBOARD_STORAGE_KEY)).toBeNull();
    // Only the referrer survives (an invite link still counts for the next sign-up).
    expect(await page.evaluate((k) => localStorage.getItem(k), REFERRER_KEY)).toBe('someone-invited-me');

    // The next person on this browser: their own name, never the last one's.
    const second = await createUser();
    await page.context().clearCookies();
    await applySession(page, app, second);
    // Hold the server's answer until the checks are done: whatever shows meanwhile can only come from a cache.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/dashboard', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: new RegExp(second.displayName) }).waitFor();
    expect(await page.getByText(first.displayName).count()).toBe(0);
    release();
    await page.getByText(MSG.dashboard.emptyActivity).waitFor();
    await page.unroute('**/api/dashboard');
  });
});
