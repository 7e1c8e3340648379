/**
 * What is read off a block document: its text, abstract, counts and reading time (contract/blocks.ts has its
 * schemas). Apart so that the writer, which uses these, loads no zod: blocks.ts needs contract/fields.ts, whose
 * builders the entity declarations use.
 */
import type { BlockDocument } from './blocks';
import { PATTERNS } from './patterns';

export const emptyDocument = (): BlockDocument => ({ blocks: [] });

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&',
};

/**
 * Text without tags or entities, as a reader sees it: a line break becomes a space, any other tag (from '<' to the
 * next '>') goes. Walked once with indexOf: a pattern retried from every '<' of a long run of them is quadratic.
 */
export function stripHtml(html: string): string {
  let text = '';
  let from = 0;
  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', from)) {
    const close = html.indexOf('>', open);
    // No tag closes after this '<', nor after any later one: the rest is text.
    if (close === -1) break;
    text += html.slice(from, open) + (PATTERNS.brTag.re.test(html.slice(open, close + 1)) ? ' ' : '');
    from = close + 1;
  }
  return (text + html.slice(from)).replace(PATTERNS.entity.re, (entity) => ENTITIES[entity]);
}

/** The text of the paragraphs, in order. */
export function paragraphText(doc: BlockDocument): string {
  return doc.blocks
    .filter((b) => b.type === 'paragraph')
    .map((b) => stripHtml(b.data.text).trim())
    .filter(Boolean)
    .join(' ');
}

export const ABSTRACT_LENGTH = 120;

/** The blocks every reader sees: those before the paid section's marker (the rest is for paying readers). */
export function freeBlocks(doc: BlockDocument): BlockDocument {
  const paid = doc.blocks.findIndex((b) => b.type === 'paid');
  return paid < 0 ? doc : { blocks: doc.blocks.slice(0, paid) };
}

/**
 * The abstract: the first 120 characters of paragraph text (SPEC §9), white space runs counting as one space; a cut
 * that ends on the space between two paragraphs or words does not leave it dangling. It is public (lists, search
 * engines), so it is made from the free part only: nothing after the paid section's marker.
 */
export function abstractOf(doc: BlockDocument, length: number = ABSTRACT_LENGTH): string {
  return [...paragraphText(freeBlocks(doc)).replace(PATTERNS.whiteSpace.re, ' ')]
    .slice(0, length)
    .join('')
    .trimEnd();
}

/** SPEC §9's agenda excerpt: an item's line where it is listed in compact form. */
export const AGENDA_LENGTH = 100;

/** Made once: a Segmenter costs far more to make than to use (an admin list makes an agenda per row). */
let graphemeSegmenter: Intl.Segmenter | undefined;

const graphemes = (text: string): string[] => {
  if (PATTERNS.oneUnitGraphemes.re.test(text)) return text.split('');
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return Array.from(graphemeSegmenter.segment(text), (s) => s.segment);
  }
  return [...text];
};

/**
 * The agenda excerpt (SPEC §9, 100 characters): from the item's abstract, or else `text` (e.g. its subtitle) when the
 * abstract is empty; white space runs collapsed to one space; at most 100 characters counted as a reader sees them
 * (grapheme clusters: an emoji with its modifiers or a letter with its accents is one, and is never cut in half);
 * a longer one is cut to 99 and ends with an ellipsis (…).
 */
export function agendaOf(abstract: string, text = '', length: number = AGENDA_LENGTH): string {
  // Bounded before anything looks at it: no grapheme a reader sees is 64 code units long.
  const bound = length * 64;
  const clean = (s: string) => s.slice(0, bound).replace(PATTERNS.whiteSpace.re, ' ').trim();
  const from = abstract.trim() ? abstract : text;
  const source = clean(from);
  const chars = graphemes(source);
  if (chars.length <= length && from.length <= bound) return source;
  return `${chars
    .slice(0, length - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * The code points of `text` that PATTERNS.letterOrDigit matches, counted without a match array: ASCII letters and
 * digits and the CJK Unified Ideographs (U+4E00–U+9FFF, every one a letter) at once, any other code point by the
 * pattern (a quarter of the time of `match` on Chinese text: a save counts every character).
 */
export function letterOrDigitCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      const lower = unit | 0x20;
      if ((unit >= 0x30 && unit <= 0x39) || (lower >= 0x61 && lower <= 0x7a)) count++;
    } else if (unit >= 0x4e00 && unit <= 0x9fff) count++;
    else {
      const point = text.codePointAt(i) as number;
      if (point > 0xffff) i++;
      if (PATTERNS.oneLetterOrDigit.re.test(String.fromCodePoint(point))) count++;
    }
  }
  return count;
}

/** The characters of the text (paragraphs and headings): Chinese characters, letters and digits. */
export function characterCount(doc: BlockDocument): number {
  let count = 0;
  for (const block of doc.blocks) {
    if (block.type === 'paragraph' || block.type === 'header')
      count += letterOrDigitCount(stripHtml(block.data.text));
  }
  return count;
}

/** What reading time counts (SPEC §9): the text's characters, and each image. */
export function readingCount(doc: BlockDocument): number {
  let count = characterCount(doc);
  for (const block of doc.blocks) {
    if (block.type === 'image') count += 1;
    else if (block.type === 'album') count += block.data.images.length;
  }
  return count;
}

/** Reading time in minutes: count / 300, rounded up; 0 for an empty document. */
export const readingMinutes = (doc: BlockDocument): number => Math.ceil(readingCount(doc) / 300);
