/**
 * Categories, tags and authors as templates get them: a label's title and cover in the page's language (its `name`
 * where that language has none), addresses on the public site. An item's own labels come with its row (queries.ts
 * `itemLabels`); a label by its key, and home's chosen categories, are read here.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LabelLang } from '../../../contract/labels';
import type { Db } from '../../db/client';
import { preparedPerDb, preparedPerShape } from '../../http/prepared';
import { authors, categories, tags } from '../../modules/content/schema';
import type { MediaUrl } from '../../shared/media';
import { publicPath, type SiteLanguages } from '../../shared/paths';
import type { AuthorObject, LabelObject } from '../../workers/objects';

export interface PageLinks {
  site: SiteLanguages;
  langId: number;
  /** The site's root address (no trailing slash). */
  base: string;
  media: MediaUrl;
}

export interface LabelRow {
  id: number;
  name: string;
  slug: string;
  langs: LabelLang[];
}

export function labelObject(kind: 'category' | 'tag', row: LabelRow, at: PageLinks): LabelObject {
  const own = row.langs.find((l) => l.lang_id === at.langId);
  return {
    id: row.id,
    name: own?.title.trim() || row.name,
    slug: row.slug,
    cover: at.media(own?.cover || row.langs.find((l) => l.cover)?.cover || ''),
    url: at.base + publicPath(at.site, kind, row.slug || row.id, at.langId),
  };
}

export interface AuthorRow {
  id: number;
  name: string;
  title: string;
  avatar: string;
}

export const authorObject = (row: AuthorRow, at: PageLinks): AuthorObject => ({
  id: row.id,
  name: row.name,
  title: row.title,
  avatar: at.media(row.avatar),
  url: at.base + publicPath(at.site, 'author', row.id, at.langId),
});

const labelColumns = (t: typeof categories | typeof tags) => ({
  id: t.id,
  name: t.name,
  slug: t.slug,
  langs: t.langs,
});

/**
 * The reads of this file, built once (issue 31: building a query took more of a page's time than sending it), sent
 * unnamed so that PostgreSQL plans each with its values, as before. A list of ids is one array parameter.
 */
const site = sql.placeholder('site');
const ids = sql.placeholder('ids');
const statements = preparedPerDb((db) => ({
  author: db
    .select({ id: authors.id, name: authors.name, title: authors.title, avatar: authors.avatar })
    .from(authors)
    .where(and(eq(authors.siteId, site), eq(authors.id, sql.placeholder('id'))))
    .limit(1)
    .prepare(''),
  categories: db
    .select(labelColumns(categories))
    .from(categories)
    .where(and(eq(categories.siteId, site), sql`${categories.id} = any(${ids})`))
    .prepare(''),
}));

/** A category or tag by id or by slug: four shapes. */
const labelByKeyRead = preparedPerShape<{ execute(v: Record<string, unknown>): Promise<LabelRow[]> }>();

/** A category of the site by slug or id. */
export async function categoryByKey(db: Db, siteId: number, key: string): Promise<LabelRow | null> {
  return labelByKey(db, categories, siteId, key);
}

export async function tagByKey(db: Db, siteId: number, key: string): Promise<LabelRow | null> {
  return labelByKey(db, tags, siteId, key);
}

async function labelByKey(
  db: Db,
  t: typeof categories | typeof tags,
  siteId: number,
  key: string,
): Promise<LabelRow | null> {
  const id = /^\d{1,10}$/.test(key) ? Number(key) : 0;
  if (!key || id > 2_147_483_647) return null;
  const by = id ? 'id' : 'slug';
  const read = labelByKeyRead(db, `${t === categories ? 'category' : 'tag'} by ${by}`, () =>
    db
      .select(labelColumns(t))
      .from(t)
      .where(
        and(eq(t.siteId, site), id ? eq(t.id, sql.placeholder('key')) : eq(t.slug, sql.placeholder('key'))),
      )
      .limit(1)
      .prepare(''),
  );
  const [row] = await read.execute({ site: siteId, key: id || key });
  return row ?? null;
}

export async function authorById(db: Db, siteId: number, key: string): Promise<AuthorRow | null> {
  if (!/^\d{1,10}$/.test(key) || Number(key) > 2_147_483_647) return null;
  const [row] = await statements(db).author.execute({ site: siteId, id: Number(key) });
  return row ?? null;
}

export async function categoriesByIds(db: Db, siteId: number, ids: number[]): Promise<Map<number, LabelRow>> {
  if (!ids.length) return new Map();
  const rows = await statements(db).categories.execute({ site: siteId, ids: [...new Set(ids)] });
  return new Map(rows.map((r) => [r.id, r]));
}
