/**
 * Category, tag and author pages: the label (of this site only) and a page of its published items in the page's
 * language, newest first, LIST_PAGE_SIZE a page. A page past the last is no page (null → 404). Read by seeks at any
 * depth; a category counted exactly by its months, a tag or author only up to LIST_COUNT_EXACT_MAX items (issue 31;
 * bench/README.md "Public pages at scale").
 */
import { CONTENT_TYPE } from '../../../contract/contentConstants';
import { LIST_COUNT_EXACT_MAX, LIST_PAGE_MAX } from '../../../contract/publicLists';
import type { CollectionObject } from '../../workers/objects';
import type { PublicRoute } from '../route';
import { type ArticleSetting, articleObjects } from './articles';
import { authorById, authorObject, categoryByKey, labelObject, tagByKey } from './labels';
import { countedByMonths, listedCount, readMonths } from './listMonths';
import { countLinked, type ListFilter, type ListSeek, listPage } from './queries';

export const LIST_PAGE_SIZE = 10;
/** What lists show: articles and e-papers (pages stand alone). */
export const LISTED_TYPES = [CONTENT_TYPE.post, CONTENT_TYPE.epaper];

type CollectionKind = CollectionObject['kind'];

export async function collectionObject(
  at: ArticleSetting,
  route: PublicRoute & { kind: CollectionKind },
): Promise<CollectionObject | null> {
  const key = route.key ?? '';
  const filter: ListFilter = { siteId: at.siteId, langId: at.langId, types: LISTED_TYPES };
  let label: CollectionObject['label'];
  if (route.kind === 'author') {
    const author = await authorById(at.db, at.siteId, key);
    if (!author) return null;
    label = authorObject(author, at);
    filter.authorId = author.id;
  } else {
    const row = await (route.kind === 'category' ? categoryByKey : tagByKey)(at.db, at.siteId, key);
    if (!row) return null;
    label = labelObject(route.kind, row, at);
    if (route.kind === 'category') filter.categoryId = row.id;
    else filter.tagId = row.id;
  }
  const page = Number.isSafeInteger(route.page) && route.page > 0 ? route.page : 1;
  // Issue 31: a page is read by a seek, never by reading the rows before it. Addressed by its number alone, its
  // ids are found by skipping index entries (index-only: contents_listed_*), on a deep page of a category only those
  // of its month (listMonths.ts: the list's counts per month say where it starts); the next and previous links carry a
  // cursor (the last or first item shown), so that following them is a seek on (publish_ts, id) at any depth. A
  // cursor whose item left the list falls back to the page's number. A tag's or author's total is counted only while
  // cheap, a category's from its months.
  const size = LIST_PAGE_SIZE;
  const cursor: ListSeek | null =
    page > 1 && route.after
      ? { after: route.after }
      : page > 1 && route.before
        ? { before: route.before }
        : null;
  // A category's months (read once) give its exact total and a deep page's month; a tag or author is counted.
  const months = countedByMonths(filter) ? readMonths(at.db, filter) : undefined;
  const [counted, got] = await Promise.all([
    months
      ? months.then((m) => ({ total: listedCount(m), exact: true }))
      : countLinked(at.db, filter, LIST_COUNT_EXACT_MAX, LIST_PAGE_MAX * size),
    (async () => {
      const byCursor = cursor && (await listPage(at.db, filter, cursor, size + 1));
      if (cursor && byCursor?.seeked) return { rows: byCursor.rows, backwards: 'before' in cursor };
      return {
        rows: (await listPage(at.db, filter, { offset: (page - 1) * size }, size + 1, months)).rows,
        backwards: false,
      };
    })(),
  ]);
  const read = got.rows;
  // Read backwards (`before`), the page's last item is the cursor's own: there is a next page.
  const before = got.backwards && read.length > 0;
  const hasNext = before || read.length > size;
  const rows = before ? read.slice(-size) : read.slice(0, size);
  if (rows.length === 0 && page > 1) return null;
  let { total, exact } = counted;
  if (exact && page > Math.ceil(total / size) && page > 1) return null;
  if (!exact) {
    // An estimate: where this page stands says more (the end reached, or at least one more page).
    total = hasNext ? Math.max(total, page * size + 1) : (page - 1) * size + rows.length;
  }
  const pages = Math.min(LIST_PAGE_MAX, Math.max(1, Math.ceil(total / size), page));
  // The label's address is the list's first page; the others add ?page=N, and next/previous their cursor.
  const pageUrl = (n: number, cursorParam = '') =>
    n === 1 ? label.url : `${label.url}?page=${n}${cursorParam}`;
  // Cursors only on a long list (past LIST_COUNT_EXACT_MAX), where a page by number would skip many entries; a
  // short one keeps plain numbered links (skipping at most LIST_COUNT_EXACT_MAX index entries).
  const long = !exact || total > LIST_COUNT_EXACT_MAX;
  const first = long ? rows[0] : undefined;
  const last = long ? rows[rows.length - 1] : undefined;
  return {
    kind: route.kind,
    title: label.name,
    label,
    articles: articleObjects(at, rows),
    pagination: {
      page,
      pages,
      total,
      ...(exact ? {} : { estimated: true }),
      prev_url: page > 1 ? pageUrl(page - 1, first ? `&before=${first.id}` : '') : '',
      next_url: hasNext && page < pages ? pageUrl(page + 1, last ? `&after=${last.id}` : '') : '',
    },
  };
}
