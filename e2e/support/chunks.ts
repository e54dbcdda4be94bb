/**
 * A module's built chunk, and refusing it as a network without a connection would: for tests
 * of code that loads after the page (dialogs, charts, the top bar's parts) failing to download.
 */
import type { Page } from '@playwright/test';
import { buildManifest } from './server';

/** The path of a module's chunk; a module several chunks share has one of its own, named after it. */
export function chunkOf(src: string): string {
  const manifest = buildManifest();
  const name = src.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const entry = manifest[src] ?? Object.values(manifest).find((c) => c.name === name && !c.src);
  if (!entry) throw new Error(`no chunk for ${src}`);
  return `/${entry.file}`;
}

/**
 * Refuses the chunks of `modules` from the first request on (idle prefetches included), until
 * `reconnect()`. `refused` holds the paths refused so far.
 */
export async function refuseChunks(
  page: Page,
  modules: string[],
): Promise<{ refused: Set<string>; reconnect: () => void }> {
  const chunks = modules.map(chunkOf);
  const refused = new Set<string>();
  let offline = true;
  await page.route(
    (url) => chunks.includes(url.pathname),
    (route) => {
      if (!offline) return route.continue();
      refused.add(new URL(route.request().url()).pathname);
      return route.abort('internetdisconnected');
    },
  );
  return {
    refused,
    reconnect: () => {
      offline = false;
    },
  };
}
