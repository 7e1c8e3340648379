/**
 * Issue 27 item 4: the offline tags measured against a labelled set (tests/fixtures/tagging/articles.json: 17 short
 * articles in zh-TW, zh-CN, ja and en with the tags an editor would pick). Each article is tagged as the service
 * does it: the site's tags of its language, and the other articles of its language as the site's corpus. Precision@5
 * is the share of the first five suggestions an editor would keep, averaged over the articles; no suggestion may be
 * a stop word or a filler the issue names.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractiveProvider } from '../../server/adapters/ai/extractive';
import { isStopWord } from '../../server/adapters/ai/stopWords';

interface Article {
  lang: string;
  title: string;
  text: string;
  tags: string[][];
}
const SET = JSON.parse(
  readFileSync(new URL('../fixtures/tagging/articles.json', import.meta.url), 'utf8'),
) as {
  siteTags: Record<string, string[]>;
  articles: Article[];
};

/** The fillers the issue saw suggested. */
const FILLERS = ['到了', '上了', '新的', '帶著', '這篇', '一杯', '带着', '这篇'];
/** The floor asserted: precision@5 measured 0.80 after the change (0.55 before it); some slack for ICU versions. */
const PRECISION_FLOOR = 0.7;

async function suggestionsFor(article: Article, n: number): Promise<string[]> {
  const provider = extractiveProvider({ summaryMax: 120, tagsMax: 10 });
  const corpus = SET.articles.filter((a) => a.lang === article.lang && a !== article);
  const tags = await provider.suggest({
    kind: 'tags',
    title: article.title,
    text: article.text,
    lang: article.lang,
    siteTags: SET.siteTags[article.lang] ?? [],
    corpus: async () => corpus.map((a) => `${a.title}\n${a.text}`),
    corpusKey: article.title,
  });
  return tags.slice(0, n);
}

const kept = (article: Article, tag: string) =>
  article.tags.some((spellings) => spellings.some((s) => s.toLowerCase() === tag.toLowerCase()));

describe('the offline tags on the labelled set', () => {
  it('keeps precision@5 above the floor, in every language', async () => {
    const perLang = new Map<string, number[]>();
    const lines: string[] = [];
    for (const article of SET.articles) {
      const top = await suggestionsFor(article, 5);
      const precision = top.length ? top.filter((t) => kept(article, t)).length / top.length : 0;
      perLang.set(article.lang, [...(perLang.get(article.lang) ?? []), precision]);
      lines.push(`${precision.toFixed(2)} ${article.lang} ${article.title}: ${top.join(', ')}`);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const all = [...perLang.values()].flat();
    console.info(
      `precision@5 ${mean(all).toFixed(2)} (${[...perLang].map(([l, xs]) => `${l} ${mean(xs).toFixed(2)}`).join(', ')})\n${lines.join('\n')}`,
    );
    expect(mean(all)).toBeGreaterThanOrEqual(PRECISION_FLOOR);
    for (const [lang, xs] of perLang) expect(mean(xs), lang).toBeGreaterThanOrEqual(PRECISION_FLOOR - 0.15);
  });

  it('never suggests a stop word, a filler or a single character', async () => {
    for (const article of SET.articles) {
      for (const tag of await suggestionsFor(article, 10)) {
        expect(FILLERS, `${article.title}: ${tag}`).not.toContain(tag);
        expect(isStopWord(tag.toLowerCase(), article.lang), `${article.title}: ${tag}`).toBe(false);
        expect([...tag].length, `${article.title}: ${tag}`).toBeGreaterThan(1);
      }
    }
  });
});
