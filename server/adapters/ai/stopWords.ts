/**
 * The offline helper's stop words, kept as data (stopwords/<lang>.txt, one a line, # comments), and the rules for
 * what else never makes a tag on its own: numbers, measure-word phrases (一杯, 十二個, 這篇), verbs with an aspect
 * particle (到了, 帶著), adjectives with 的 (新的), and Japanese inflected words (新しい, 進んで) and short kana.
 */
import { readFileSync } from 'node:fs';

const LISTS = ['en', 'zh-TW', 'zh-CN', 'ja'] as const;
type ListName = (typeof LISTS)[number];

const read = (name: ListName): Set<string> =>
  new Set(
    readFileSync(new URL(`./stopwords/${name}.txt`, import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
const LOADED = new Map(LISTS.map((name) => [name, read(name)]));

/** The lists a language's text is checked against: its own, and English (English words turn up everywhere). */
function listsOf(lang: string): Set<string>[] {
  const own = lang.startsWith('zh')
    ? lang === 'zh-CN'
      ? 'zh-CN'
      : 'zh-TW'
    : lang.startsWith('ja')
      ? 'ja'
      : undefined;
  return [LOADED.get('en') as Set<string>, ...(own ? [LOADED.get(own) as Set<string>] : [])];
}

export const isStopWord = (word: string, lang: string): boolean =>
  listsOf(lang).some((list) => list.has(word));

const HAN = /\p{Script=Han}/u;
const HIRAGANA = /\p{Script=Hiragana}/u;
const ONLY_HIRAGANA = /^\p{Script=Hiragana}+$/u;
const LATIN = /^\p{Script=Latin}/u;
const NUMERALS = new Set('〇零一二三四五六七八九十百千萬万億亿兩两幾几半數数0123456789０１２３４５６７８９');
/** A demonstrative or "each/every" before a measure word: 這篇, 那個, 每天, 各地. */
const DETERMINERS = new Set('這这那哪此每各某該该本首');
const MEASURES = new Set(
  '個个位名件隻只條条張张本部輛辆家間间座棟栋項项種种次回段句頁页層层份批群堆片顆颗粒支枝把雙双對对套首篇杯碗瓶盒包台臺架艘場场局年月日天週周號号點点分秒歲岁元塊块成倍趟遍期屆届',
);
const ASPECT = new Set('了著着的');
const ADVERB = /ly$/;
const PARTICIPLE = /[^e]ed$/;

/**
 * Whether a word (as the segmenter cut it) never makes a tag by itself: a stop word, a number, a numeral or
 * determiner with a measure word, a verb with an aspect particle or an adjective with 的, a Japanese inflected word
 * (kanji then kana) or a kana word of three characters or fewer, an English word of one or two letters (but an
 * acronym: AI, EU), an English adverb in -ly or past participle in -ed. It also ends a phrase: no tag runs across it.
 */
export function isFiller(original: string, lang: string): boolean {
  const word = original.toLowerCase();
  if (isStopWord(word, lang)) return true;
  const chars = [...word];
  if (chars.every((c) => NUMERALS.has(c) || /\p{N}/u.test(c))) return true;
  if (HAN.test(word)) {
    if (NUMERALS.has(chars[0]) && chars.length >= 2 && (MEASURES.has(chars[1]) || NUMERALS.has(chars[1])))
      return true;
    if (DETERMINERS.has(chars[0]) && chars.length >= 2 && MEASURES.has(chars[1])) return true;
    if (chars.length <= 3 && ASPECT.has(chars[chars.length - 1]) && !HIRAGANA.test(word)) return true;
    if (HIRAGANA.test(word)) return true;
    return false;
  }
  if (ONLY_HIRAGANA.test(word)) return chars.length <= 3;
  if (LATIN.test(word)) {
    if (chars.length < 3) return original !== original.toUpperCase() || chars.length < 2;
    return chars.length >= 6 && (ADVERB.test(word) || PARTICIPLE.test(word));
  }
  return false;
}
