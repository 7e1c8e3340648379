/**
 * Home page settings, kept in `sites.home` as the chosen ids in order. Articles must be the site's published
 * articles and categories the site's own when saved; when read, titles are current and items that have since gone
 * (deleted, taken offline) are left out. Only published titles are ever named — what readers of the site see — so
 * whoever holds the settings permission learns nothing of drafts: a draft's id answers as an unknown one.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CONTENT_TYPE, STATUS } from '../../../contract/contentConstants';
import {
  EMPTY_HOME,
  HOME_TYPES,
  type HomeEntry,
  type HomeSave,
  type HomeSettings,
  type StoredHome,
} from '../../../contract/home';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { FieldError, notFound } from '../../http/errors';
import { categories, contents } from '../content/schema';
import { foreignUploadErrors } from '../files/addresses';
import { sites } from '../tenancy/schema';

const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x) && x > 0) : [];
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The stored value as saved by saveHome; anything unexpected falls back to the defaults. */
function readStored(value: Record<string, unknown> | null): StoredHome {
  const v = value ?? {};
  const type = HOME_TYPES.find((t) => t === v.type) ?? EMPTY_HOME.type;
  return {
    type,
    cover: str(v.cover),
    title: str(v.title),
    content: str(v.content),
    link: str(v.link),
    articles: ids(v.articles),
    categories: ids(v.categories),
  };
}

async function publishedArticles(db: Db, siteId: number, list: number[]): Promise<Map<number, string>> {
  if (!list.length) return new Map();
  const rows = await db
    .select({ id: contents.id, title: contents.title })
    .from(contents)
    .where(
      and(
        eq(contents.siteId, siteId),
        eq(contents.type, CONTENT_TYPE.post),
        eq(contents.status, STATUS.PUBLISHED),
        inArray(contents.id, list),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.title]));
}

async function siteCategories(db: Db, siteId: number, list: number[]): Promise<Map<number, string>> {
  if (!list.length) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.siteId, siteId), inArray(categories.id, list)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const entriesOf = (list: number[], titles: Map<number, string>): HomeEntry[] =>
  list.filter((id) => titles.has(id)).map((id, i) => ({ id, title: titles.get(id) as string, sort: i + 1 }));

export async function getHome(db: Db, siteId: number): Promise<HomeSettings> {
  const [site] = await db.select({ home: sites.home }).from(sites).where(eq(sites.id, siteId));
  if (!site) throw notFound();
  const stored = readStored(site.home);
  const [articles, cats] = await Promise.all([
    publishedArticles(db, siteId, stored.articles),
    siteCategories(db, siteId, stored.categories),
  ]);
  return {
    ...stored,
    articles: entriesOf(stored.articles, articles),
    categories: entriesOf(stored.categories, cats),
  };
}

export async function saveHome(
  deps: Deps,
  siteId: number,
  input: z.output<typeof HomeSave>,
): Promise<HomeSettings> {
  const db = deps.db;
  const stored: StoredHome = {
    type: input.type,
    cover: input.cover,
    title: input.title,
    content: input.content,
    link: input.link,
    articles: input.articles.map((a) => a.id),
    categories: input.categories.map((c) => c.id),
  };
  const [articles, cats] = await Promise.all([
    publishedArticles(db, siteId, stored.articles),
    siteCategories(db, siteId, stored.categories),
  ]);
  // Another site's id reads the same as one that does not exist.
  const unknown: FieldError['fields'] = {};
  stored.articles.forEach((id, i) => {
    if (!articles.has(id)) unknown[`articles.${i}.id`] = { message: 'homeSettings.articleUnavailable' };
  });
  stored.categories.forEach((id, i) => {
    if (!cats.has(id)) unknown[`categories.${i}.id`] = { message: 'homeSettings.categoryUnavailable' };
  });
  Object.assign(unknown, foreignUploadErrors(deps, siteId, [['cover', stored.cover]]));
  if (Object.keys(unknown).length) throw new FieldError(unknown);
  await db
    .update(sites)
    .set({
      home: stored as unknown as Record<string, unknown>,
      updatedAt: new Date(),
      // The public pages' cache moves on (modules/tenancy/invalidate.ts).
      renderVersion: sql`${sites.renderVersion} + 1`,
    })
    .where(eq(sites.id, siteId));
  return {
    ...stored,
    articles: entriesOf(stored.articles, articles),
    categories: entriesOf(stored.categories, cats),
  };
}
