/**
 * The page tree (issue 17 "Page structure"; contract/pages.ts). A page is its uuid (its rows, one per language, are
 * contents of type page); where it stands is its `page_nodes` row, and a page without one is a top-level page in no
 * category, listed in the navigation, at sort 0. Only pages in the caller's sight exist here (scope.ts): any other
 * id is 404, and a page out of sight is left out of lists (its children then show at the top).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { CONTENT_TYPE, LANG_IDS } from '../../../contract/contentConstants';
import { PAGE_DEPTH_MAX, PAGE_TREE_MAX } from '../../../contract/pageConstants';
import type { PageActive, PageNode, PageStructure, PageTabs } from '../../../contract/pages';
import type { Db } from '../../db/client';
import { AppError, FieldError, notFound } from '../../http/errors';
import { isPage } from '../content/pageNodes';
import { contents, pageCategories, pageNodes } from '../content/schema';
import { findItem, type Viewer, visibleTo } from '../content/scope';
import { bumpRender } from '../tenancy/invalidate';
import { lockSite } from '../tenancy/lock';
import { sites } from '../tenancy/schema';

interface PageRow {
  id: number;
  uuid: string;
  langId: number;
  title: string;
  status: number;
  slug: string;
}

/** A page of the tree: its rows by language and its node (or the defaults). */
interface Page {
  uuid: string;
  rows: PageRow[];
  parent: string | null;
  categoryId: number | null;
  sort: number;
  active: boolean;
  firstTab: string | null;
}

/** The site's pages in the viewer's sight, with their places, and the language rows are named in. */
interface Tree {
  pages: Map<string, Page>;
  langId: number;
}

async function loadTree(v: Viewer, langId: number | undefined, db: Db): Promise<Tree> {
  const [rows, nodes, site] = await Promise.all([
    db
      .select({
        id: contents.id,
        uuid: contents.uuid,
        langId: contents.langId,
        title: contents.title,
        status: contents.status,
        slug: contents.slug,
      })
      .from(contents)
      .where(and(eq(contents.siteId, v.siteId), isPage, visibleTo(v)))
      .orderBy(asc(contents.id))
      .limit(PAGE_TREE_MAX * LANG_IDS.length),
    db.select().from(pageNodes).where(eq(pageNodes.siteId, v.siteId)),
    db.select({ langs: sites.displayLanguages }).from(sites).where(eq(sites.id, v.siteId)),
  ]);
  const nodeOf = new Map(nodes.map((n) => [n.uuid, n]));
  const pages = new Map<string, Page>();
  for (const row of rows) {
    let page = pages.get(row.uuid);
    if (!page) {
      if (pages.size >= PAGE_TREE_MAX) continue;
      const node = nodeOf.get(row.uuid);
      page = {
        uuid: row.uuid,
        rows: [],
        parent: node?.parentUuid ?? null,
        categoryId: node?.categoryId ?? null,
        sort: node?.sort ?? 0,
        active: node?.active ?? true,
        firstTab: node?.firstTab ?? null,
      };
      pages.set(row.uuid, page);
    }
    page.rows.push(row);
  }
  return { pages, langId: langId ?? site[0]?.langs[0] ?? 1 };
}

/** The page's row in the tree's language, else its first row. */
const rowOf = (tree: Tree, page: Page): PageRow =>
  page.rows.find((r) => r.langId === tree.langId) ?? page.rows[0];
const idOf = (tree: Tree, uuid: string | null): number => {
  const page = uuid ? tree.pages.get(uuid) : undefined;
  return page ? rowOf(tree, page).id : 0;
};

const bySort = (a: Page, b: Page) => a.sort - b.sort || a.rows[0].id - b.rows[0].id;

/** The parent of a page among `pages` (null: none, or one not among them: the page is then on top). */
const parentIn = (pages: Map<string, Page>, page: Page) =>
  page.parent && pages.has(page.parent) ? page.parent : null;

/** The children of `uuid` (null: the top level) among `pages`, in order. */
function childrenOf(pages: Map<string, Page>, uuid: string | null): Page[] {
  return [...pages.values()].filter((p) => parentIn(pages, p) === uuid).sort(bySort);
}

function nodeOf(tree: Tree, pages: Map<string, Page>, page: Page, depth = 1): PageNode {
  const row = rowOf(tree, page);
  return {
    id: row.id,
    uuid: page.uuid,
    title: row.title,
    status: row.status as PageNode['status'],
    slug: row.slug,
    lang_id: row.langId,
    parent_id: idOf(tree, parentIn(pages, page)),
    category_id: page.categoryId ?? 0,
    sort: page.sort,
    active: page.active,
    first_tab: idOf(tree, page.firstTab),
    // Bounded by the tree's depth, so that even a stored cycle (never written) cannot recurse.
    children:
      depth >= PAGE_DEPTH_MAX
        ? []
        : childrenOf(pages, page.uuid).map((c) => nodeOf(tree, pages, c, depth + 1)),
  };
}

export async function listPages(
  v: Viewer,
  input: { category_id?: number; lang_id?: number },
): Promise<PageNode[]> {
  const tree = await loadTree(v, input.lang_id, v.deps.db);
  const pages =
    input.category_id === undefined
      ? tree.pages
      : new Map([...tree.pages].filter(([, p]) => p.categoryId === input.category_id));
  return childrenOf(pages, null).map((p) => nodeOf(tree, pages, p));
}

/** The page of a row id in the viewer's sight (404 otherwise) and the tree. */
async function pageOf(v: Viewer, id: number, langId: number | undefined, db: Db) {
  const item = await findItem(v, id, CONTENT_TYPE.page, db);
  const tree = await loadTree(v, langId, db);
  const page = tree.pages.get(item.uuid);
  if (!page) throw notFound();
  return { tree, page };
}

export async function pageChildren(v: Viewer, input: { id: number; lang_id?: number }): Promise<PageNode[]> {
  const { tree, page } = await pageOf(v, input.id, input.lang_id, v.deps.db);
  return childrenOf(tree.pages, page.uuid).map((c) => nodeOf(tree, tree.pages, c, PAGE_DEPTH_MAX));
}

function structureOf(tree: Tree, page: Page): PageStructure {
  return {
    id: rowOf(tree, page).id,
    parent_id: idOf(tree, parentIn(tree.pages, page)),
    category_id: page.categoryId ?? 0,
    sort: page.sort,
    active: page.active,
    first_tab: idOf(tree, page.firstTab),
    tabs: childrenOf(tree.pages, page.uuid).map((c) => rowOf(tree, c).id),
  };
}

export async function getPage(v: Viewer, input: { id: number; lang_id?: number }): Promise<PageStructure> {
  const { tree, page } = await pageOf(v, input.id, input.lang_id, v.deps.db);
  return structureOf(tree, page);
}

/** Levels from the page down, itself included (1: no children), over every stored node. */
function heightOf(children: Map<string, string[]>, uuid: string, depth = 1): number {
  if (depth > PAGE_DEPTH_MAX) return depth;
  return Math.max(depth, ...(children.get(uuid) ?? []).map((c) => heightOf(children, c, depth + 1)));
}

/** Writes a page's node (made with the defaults first when it has none). */
async function setNode(db: Db, siteId: number, uuid: string, values: Partial<typeof pageNodes.$inferInsert>) {
  await db
    .insert(pageNodes)
    .values({ uuid, siteId, ...values })
    .onConflictDoUpdate({ target: pageNodes.uuid, set: { ...values, updatedAt: new Date() } });
}

export async function savePage(
  v: Viewer,
  input: { id: number; parent_id: number; category_id: number; sort?: number },
): Promise<PageStructure> {
  return v.deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    // One change of the tree at a time: two crossing moves cannot both pass the cycle check.
    await lockSite(db, v.siteId);
    const { tree, page } = await pageOf(v, input.id, undefined, db);
    const parent = input.parent_id ? (await pageOf(v, input.parent_id, undefined, db)).page : null;
    if (input.category_id) {
      const [category] = await db
        .select({ id: pageCategories.id })
        .from(pageCategories)
        .where(and(eq(pageCategories.siteId, v.siteId), eq(pageCategories.id, input.category_id)));
      if (!category) throw new FieldError({ category_id: { message: 'validation.format' } });
    }
    // Every stored parent, in sight or not, so that neither a cycle nor the depth hides behind an unseen page.
    const nodes = await db
      .select({ uuid: pageNodes.uuid, parent: pageNodes.parentUuid })
      .from(pageNodes)
      .where(eq(pageNodes.siteId, v.siteId));
    const parents = new Map(nodes.map((n) => [n.uuid, n.parent]));
    const children = new Map<string, string[]>();
    for (const n of nodes) if (n.parent) children.set(n.parent, [...(children.get(n.parent) ?? []), n.uuid]);
    if (parent) {
      let level = 1;
      for (let at: string | null | undefined = parent.uuid; at; at = parents.get(at), level++) {
        if (at === page.uuid) throw new AppError(Code.PAGE_CYCLE);
        if (level > PAGE_DEPTH_MAX) throw new AppError(Code.PAGE_TOO_DEEP);
      }
      // `level` is now the parent's level plus one: the page's new level.
      if (level - 1 + heightOf(children, page.uuid) > PAGE_DEPTH_MAX) throw new AppError(Code.PAGE_TOO_DEEP);
    }
    const parentUuid = parent?.uuid ?? null;
    let sort = input.sort;
    if (sort === undefined) {
      // A move appends the page to its new siblings; staying in place keeps its position.
      if (parentUuid === page.parent) sort = page.sort;
      else {
        const siblings = [...tree.pages.values()].filter((p) => p.parent === parentUuid && p !== page);
        sort = siblings.length ? Math.max(...siblings.map((p) => p.sort)) + 1 : 0;
      }
    }
    await setNode(db, v.siteId, page.uuid, { parentUuid, categoryId: input.category_id || null, sort });
    // The page leaves its old parent: it is no longer that parent's first tab.
    if (page.parent && page.parent !== parentUuid)
      await db
        .update(pageNodes)
        .set({ firstTab: null })
        .where(
          and(
            eq(pageNodes.siteId, v.siteId),
            eq(pageNodes.uuid, page.parent),
            eq(pageNodes.firstTab, page.uuid),
          ),
        );
    await bumpRender(db, v.siteId);
    const after = await pageOf(v, input.id, undefined, db);
    return structureOf(after.tree, after.page);
  });
}

function tabsOf(tree: Tree, page: Page): PageTabs {
  const children = childrenOf(tree.pages, page.uuid);
  return {
    tabs: children.map((c) => {
      const row = rowOf(tree, c);
      return { id: row.id, title: row.title, slug: row.slug, status: row.status as PageNode['status'] };
    }),
    first: idOf(tree, children.some((c) => c.uuid === page.firstTab) ? page.firstTab : null),
  };
}

export async function getTabs(v: Viewer, input: { id: number; lang_id?: number }): Promise<PageTabs> {
  const { tree, page } = await pageOf(v, input.id, input.lang_id, v.deps.db);
  return tabsOf(tree, page);
}

export async function setTabs(
  v: Viewer,
  input: { id: number; tabs: number[]; first: number },
): Promise<PageTabs> {
  return v.deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await lockSite(db, v.siteId);
    const { tree, page } = await pageOf(v, input.id, undefined, db);
    const children = childrenOf(tree.pages, page.uuid);
    // Each id sent names a child (by any of its language rows), each child once.
    const childOfRow = new Map(children.flatMap((c) => c.rows.map((r) => [r.id, c] as const)));
    const ordered = input.tabs.map((id) => childOfRow.get(id));
    const first = input.first ? childOfRow.get(input.first) : undefined;
    if (
      ordered.some((c) => !c) ||
      new Set(ordered).size !== ordered.length ||
      ordered.length !== children.length ||
      (input.first && !first)
    )
      throw new AppError(Code.PAGE_TABS_MISMATCH);
    for (const [i, child] of (ordered as Page[]).entries())
      await setNode(db, v.siteId, child.uuid, {
        parentUuid: page.uuid,
        categoryId: child.categoryId,
        sort: i,
      });
    await setNode(db, v.siteId, page.uuid, {
      parentUuid: page.parent,
      categoryId: page.categoryId,
      sort: page.sort,
      firstTab: first?.uuid ?? null,
    });
    await bumpRender(db, v.siteId);
    const after = await pageOf(v, input.id, undefined, db);
    return tabsOf(after.tree, after.page);
  });
}

export async function setActive(v: Viewer, input: PageActive): Promise<{ ids: number[] }> {
  const ids = 'ids' in input ? [...new Set(input.ids)] : [input.id];
  return v.deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const rows = await db
      .select({ id: contents.id, uuid: contents.uuid })
      .from(contents)
      .where(and(eq(contents.siteId, v.siteId), inArray(contents.id, ids), isPage, visibleTo(v)));
    // One id out of reach makes the whole call 404, and nothing changes.
    if (rows.length !== ids.length) throw notFound();
    for (const uuid of new Set(rows.map((r) => r.uuid)))
      await setNode(db, v.siteId, uuid, { active: input.active });
    await bumpRender(db, v.siteId);
    return { ids };
  });
}
