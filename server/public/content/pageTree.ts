/**
 * The page tree on the public site (issue 17 "Page structure"): the navigation's pages (`site.pages`: active,
 * published top-level pages of the page's language with their active published children) and a page's tabs
 * (`page_tabs`: a parent's published children in order, the one opening first shown under the parent's own
 * content; a child shows the same bar with itself current). Only published pages in the page's language appear.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { CONTENT_TYPE } from '../../../contract/contentConstants';
import { PAGE_TREE_MAX } from '../../../contract/pageConstants';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../http/prepared';
import { contents, pageNodes } from '../../modules/content/schema';
import type { PageTabsObject, SitePageObject } from '../../workers/objects';
import { type ArticleSetting, itemPath } from './articles';
import { publishedItem, visible } from './queries';
import { articleObject } from './single';

export interface PublishedPage {
  id: number;
  uuid: string;
  slug: string;
  title: string;
  parent: string | null;
  sort: number;
  active: boolean;
  firstTab: string | null;
}

/** The site's published pages of a language with their places (at most PAGE_TREE_MAX); built once (see labels.ts). */
const pagesRead = preparedPerDb((db) =>
  db
    .select({
      id: contents.id,
      uuid: contents.uuid,
      slug: contents.slug,
      title: sql<string>`coalesce(${contents.published}->>'title', '')`,
      parent: pageNodes.parentUuid,
      sort: sql<number>`coalesce(${pageNodes.sort}, 0)`,
      active: sql<boolean>`coalesce(${pageNodes.active}, true)`,
      firstTab: pageNodes.firstTab,
    })
    .from(contents)
    .leftJoin(pageNodes, and(eq(pageNodes.uuid, contents.uuid), eq(pageNodes.siteId, contents.siteId)))
    .where(
      and(
        visible(sql.placeholder('site')),
        eq(contents.type, CONTENT_TYPE.page),
        eq(contents.langId, sql.placeholder('lang')),
      ),
    )
    .orderBy(asc(contents.id))
    .limit(PAGE_TREE_MAX)
    .prepare(''),
);

export async function publishedPages(db: Db, siteId: number, langId: number): Promise<PublishedPage[]> {
  const rows = await pagesRead(db).execute({ site: siteId, lang: langId });
  return rows.map((r) => Object.assign(r, { sort: Number(r.sort) }));
}

const bySort = (a: PublishedPage, b: PublishedPage) => a.sort - b.sort || a.id - b.id;
const childrenOf = (pages: PublishedPage[], uuid: string | null) =>
  pages.filter((p) => p.parent === uuid).sort(bySort);

/**
 * The page tree of a language for templates: `site.pages`, and `page_tabs` for the page shown (`currentId`). `read`
 * is the language's published pages when already read (publishedPages, beside the page's own reads).
 */
export async function pageTreeObjects(
  at: ArticleSetting,
  currentId: number | null,
  paying: boolean,
  read?: PublishedPage[],
): Promise<{ pages: SitePageObject[]; tabs: PageTabsObject | null }> {
  const pages = read ?? (await publishedPages(at.db, at.siteId, at.langId));
  const current = pages.find((p) => p.id === currentId)?.uuid ?? null;
  const url = (p: PublishedPage) =>
    at.base + itemPath(at, { type: CONTENT_TYPE.page, slug: p.slug, id: p.id, langId: at.langId });
  const link = (p: PublishedPage) => ({ title: p.title, url: url(p), current: p.uuid === current });
  const nav = childrenOf(pages, null)
    .filter((p) => p.active)
    .map((p) =>
      Object.assign(link(p), {
        children: childrenOf(pages, p.uuid)
          .filter((c) => c.active)
          .map(link),
      }),
    );
  return { pages: nav, tabs: current ? await tabsOf(at, pages, current, paying, link) : null };
}

async function tabsOf(
  at: ArticleSetting,
  pages: PublishedPage[],
  current: string,
  paying: boolean,
  link: (p: PublishedPage) => { title: string; url: string; current: boolean },
): Promise<PageTabsObject | null> {
  const self = pages.find((p) => p.uuid === current);
  if (!self) return null;
  const own = childrenOf(pages, self.uuid);
  if (own.length) {
    // A parent: its first tab (the chosen one when published, else the first) opens under its own content.
    const open = own.find((c) => c.uuid === self.firstTab) ?? own[0];
    const row = await publishedItem(at.db, at.siteId, CONTENT_TYPE.page, at.langId, String(open.id));
    const article = row ? await articleObject(at, row, false, paying) : null;
    return {
      parent: Object.assign(link(self), { current: false }),
      items: own.map((c) => Object.assign(link(c), { current: c === open })),
      open: article ? { title: article.title, url: article.url, content: article.content } : null,
    };
  }
  const parent = pages.find((p) => p.uuid === self.parent);
  if (!parent) return null;
  return { parent: link(parent), items: childrenOf(pages, parent.uuid).map(link), open: null };
}
