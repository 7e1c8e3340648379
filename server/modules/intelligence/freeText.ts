/**
 * The AI helper never reads an item's paid part: what it suggests becomes public (the slug, tags, the SEO
 * description in <meta name="description"> and og:description). The writer sends only the text before the paid
 * marker; for a saved item the server also holds the text back against the item's own paid part, in the draft and
 * in the live version, so that a client sending the whole text cannot bring paid sentences back in.
 */
import type { BlockDocument } from '../../../contract/blocks';
import { stripHtml } from '../../../contract/blockText';

/** The texts of a document's blocks after its paid marker: paragraphs, headings and captions. */
export function paidTexts(doc: BlockDocument | null | undefined): string[] {
  const blocks = doc?.blocks ?? [];
  const marker = blocks.findIndex((b) => b.type === 'paid');
  if (marker < 0) return [];
  const out: string[] = [];
  for (const b of blocks.slice(marker + 1)) {
    if (b.type === 'paragraph' || b.type === 'header') out.push(stripHtml(b.data.text));
    else if (b.type === 'image' || b.type === 'video') out.push(b.data.caption);
    else if (b.type === 'album') for (const image of b.data.images) out.push(image.caption);
  }
  return out;
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Sentences shorter than this are not looked for inside the text (a word like 結語 may be both free and paid). */
const SENTENCE_MIN = 6;

const sentenceSegmenters = new Map<string, Intl.Segmenter>();
/** The sentences of `text` as they are written (with the white space after them). */
function sentencesOf(text: string, lang: string): string[] {
  let segmenter = sentenceSegmenters.get(lang);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(lang, { granularity: 'sentence' });
    sentenceSegmenters.set(lang, segmenter);
  }
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/**
 * `text` (one block a line, as the writer sends it) without what the paid part says: a paid sentence found inside a
 * line is cut out of it, then a sentence that occurs in the paid part is left out whole.
 */
export function withoutPaid(text: string, paid: readonly string[], lang: string): string {
  const paidText = paid.map(normal).filter(Boolean);
  if (!paidText.length) return text;
  const whole = paidText.join('\n');
  const paidSentences = [...new Set(paidText.flatMap((p) => sentencesOf(p, lang).map(normal)))].filter(
    (s) => [...s].length >= SENTENCE_MIN,
  );
  return text
    .split('\n')
    .map((line) => {
      let rest = normal(line);
      for (const s of paidSentences) if (rest.includes(s)) rest = rest.split(s).join(' ');
      return sentencesOf(rest, lang)
        .filter((s) => normal(s) && !whole.includes(normal(s)))
        .join('')
        .trim();
    })
    .filter(Boolean)
    .join('\n');
}
