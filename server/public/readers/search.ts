/**
 * The readers' `/search?q=` page: published articles and e-papers of the page's language whose title or FREE text
 * (the blocks before the paid section's marker: freeBlocks) holds the words, newest first. The database narrows the
 * candidates (title or published body ILIKE, a trigram-friendly pattern); the match that counts is made here on
 * the title and the free text only, so words after the marker never find an item, and the results show the title
 * and the abstract (made from the free part) only. Its template gets `search` {query, results, count, words}.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { BlockDocument } from '../../../contract/blocks';
import { freeBlocks, stripHtml } from '../../../contract/blockText';
import { localeOfLanguage, t } from '../../i18n';
import { contents } from '../../modules/content/schema';
import { itemPath } from '../content/articles';
import { displayDate } from '../content/dates';
import { LISTED_TYPES } from '../content/lists';
import { visible } from '../content/queries';
import type { ReaderPageBuilder } from './types';

/** The longest query read (longer ones are cut), and how many candidates and results at most. */
export const SEARCH_QUERY_MAX = 100;
const CANDIDATES = 200;
const RESULTS = 50;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The searchable text of a published body: its headings and paragraphs before the paid section. */
export function freeText(doc: BlockDocument | null): string {
  const blocks = freeBlocks({ blocks: doc?.blocks ?? [] }).blocks;
  return blocks
    .flatMap((b) => (b.type === 'paragraph' || b.type === 'header' ? [stripHtml(b.data.text)] : []))
    .join(' ');
}

export const searchPage: ReaderPageBuilder = async (deps, input, at) => {
  const locale = localeOfLanguage(at.locale);
  const query = (input.query?.get('q') ?? '').slice(0, SEARCH_QUERY_MAX).trim();
  const words = {
    title: t(locale, 'readerSubscribe.searchTitle'),
    label: t(locale, 'readerSubscribe.searchLabel'),
    button: t(locale, 'readerSubscribe.searchButton'),
    none: t(locale, 'readerSubscribe.searchNone'),
  };
  const results: Record<string, string>[] = [];
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    const title = sql<string>`coalesce(${contents.published}->>'title', '')`;
    const rows = await deps.db
      .select({
        id: contents.id,
        type: contents.type,
        slug: contents.slug,
        langId: contents.langId,
        publishTs: contents.publishTs,
        title,
        abstract: sql<string>`coalesce(${contents.published}->>'abstract', '')`,
        content: sql<BlockDocument | null>`${contents.published}->'content'`,
      })
      .from(contents)
      .where(
        and(
          visible(at.siteId),
          eq(contents.langId, at.langId),
          inArray(contents.type, LISTED_TYPES),
          or(sql`${title} ILIKE ${pattern}`, sql`(${contents.published}->'content')::text ILIKE ${pattern}`),
        ),
      )
      .orderBy(desc(contents.publishTs), desc(contents.id))
      .limit(CANDIDATES);
    const needle = query.toLocaleLowerCase();
    for (const r of rows) {
      if (results.length >= RESULTS) break;
      const matches =
        r.title.toLocaleLowerCase().includes(needle) ||
        freeText(r.content).toLocaleLowerCase().includes(needle);
      if (!matches) continue;
      results.push({
        title: r.title,
        url: at.base + itemPath(at, r),
        abstract: r.abstract,
        published_at: r.publishTs?.toISOString() ?? '',
        published_at_display: displayDate(r.publishTs, at.timeZone, at.locale),
      });
    }
  }
  const count = t(locale, 'readerSubscribe.searchCount', { count: results.length });
  return {
    title: words.title,
    objects: { search: { query, results, count: results.length, count_text: count, words } },
  };
};
