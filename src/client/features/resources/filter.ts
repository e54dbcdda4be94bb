import type { Resource } from '@/shared/schemas/resources';
import { foldForSearch } from '@/shared/text';

export const ALL_CATEGORIES = 'all';

/** The distinct categories, in alphabetical order (case-insensitive duplicates merged; the first spelling wins). */
export function categoriesOf(resources: readonly Resource[]): string[] {
  const seen = new Map<string, string>();
  for (const r of resources) {
    const c = r.category.trim();
    const key = foldForSearch(c);
    if (c && !seen.has(key)) seen.set(key, c);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/**
 * Spec §2 Resources: the search box filters by title, ignoring case (and, here,
 * accents: 'cafe' finds 'Café'); a category chip keeps only that category.
 */
export function filterResources(resources: readonly Resource[], query: string, category: string): Resource[] {
  const q = foldForSearch(query.trim());
  const cat = category === ALL_CATEGORIES ? null : foldForSearch(category.trim());
  return resources.filter(
    (r) => (!q || foldForSearch(r.title).includes(q)) && (!cat || foldForSearch(r.category.trim()) === cat),
  );
}
