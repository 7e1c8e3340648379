/**
 * Slugs of content items are unique per site and language among items that are not deleted (the partial index
 * contents_site_lang_slug_uq). One made from the title (contract/slug.ts) gets -2, -3 … when taken.
 */
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { STATUS } from '../../../contract/contentConstants';
import { slugWithSuffix } from '../../../contract/slug';
import type { Db } from '../../db/client';
import { contents } from './schema';

export interface SlugPlace {
  siteId: number;
  langId: number;
  /** The item being saved, which may keep its own slug. */
  exceptId?: number;
}

/** Live items of the place other than the one being saved. */
const othersIn = (place: SlugPlace) => [
  eq(contents.siteId, place.siteId),
  eq(contents.langId, place.langId),
  ne(contents.status, STATUS.DELETED),
  place.exceptId ? ne(contents.id, place.exceptId) : undefined,
];

/** `base`, or the first of base-2, base-3 … that no other live item of the site and language uses. */
export async function freeSlug(db: Db, place: SlugPlace, base: string): Promise<string> {
  // A suffixed candidate keeps at least half of the base, so all start with this stem (slugs hold no LIKE
  // wildcards): one query finds every taken one.
  const stem = base.slice(0, 40);
  const rows = await db
    .select({ slug: contents.slug })
    .from(contents)
    .where(and(...othersIn(place), like(contents.slug, `${stem}%`)));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(slugWithSuffix(base, n))) n++;
  return slugWithSuffix(base, n);
}

/** Whether another live item of the site and language already uses `slug`. */
export async function slugTaken(db: Db, place: SlugPlace, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(...othersIn(place), eq(contents.slug, slug)))
    .limit(1);
  return Boolean(row);
}

/**
 * slugTaken as a column of a query on `contents` (the item being saved): whether another live item of its site and
 * language uses `slug`. A save reads it with the item (service.ts lookItem).
 */
export const slugTakenBeside = (slug: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${contents} o
    WHERE o.site_id = ${contents}.site_id AND o.lang_id = ${contents}.lang_id AND o.status <> ${STATUS.DELETED}
      AND o.id <> ${contents}.id AND o.slug = ${slug})`;
