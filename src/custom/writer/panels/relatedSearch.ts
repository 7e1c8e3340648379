/** Finding related items by title: first among those already loaded, then (below 10 matches) on the server. */
import type { Titled } from '../../../../contract/content';

/** Below this many local matches, the server is asked too (SPEC §9). */
export const REMOTE_BELOW = 10;

/** Items of `pool` whose title holds every word of `query`, leaving out `exclude`. */
export function localMatches<T extends Titled>(pool: T[], query: string, exclude: ReadonlySet<number>): T[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return pool.filter(
    (item) => !exclude.has(item.id) && words.every((w) => (item.title ?? '').toLowerCase().includes(w)),
  );
}

/** Adds `more` to `pool` without duplicates. */
export const mergePool = <T extends Titled>(pool: T[], more: T[]): T[] => {
  const seen = new Set(pool.map((p) => p.id));
  return [...pool, ...more.filter((m) => !seen.has(m.id))];
};
