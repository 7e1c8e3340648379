/**
 * Word segments of a text with `Intl.Segmenter`, piece by piece. V8 gives every segment a fresh copy of the string
 * being segmented (its `input`), so segmenting a 50,000-character article in one go copies it once per word
 * (gigabytes, seconds); cut at line ends and punctuation first — places no word spans — each copy is a short piece.
 */

/** Where a piece ends: line ends and the punctuation that ends a clause, in CJK and Latin text. */
const BREAK = /[\n。！？；，、!?;,]/u;
/** A piece with no such break is cut after this many characters anyway. */
const PIECE_MAX = 400;

export interface WordSegment {
  segment: string;
  /** The segment's index in the whole text. */
  index: number;
  isWordLike: boolean;
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterOf(lang: string): Intl.Segmenter {
  let s = segmenters.get(lang);
  if (!s) {
    s = new Intl.Segmenter(lang, { granularity: 'word' });
    segmenters.set(lang, s);
  }
  return s;
}

/** The pieces of a text with their offsets: each ends after a break, or at PIECE_MAX characters. */
function* pieces(text: string): Generator<{ piece: string; offset: number }> {
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    // Never between the two halves of a character outside the BMP.
    const high = text.charCodeAt(i) >= 0xd800 && text.charCodeAt(i) <= 0xdbff;
    if (BREAK.test(text[i]) || (i - start + 1 >= PIECE_MAX && !high)) {
      yield { piece: text.slice(start, i + 1), offset: start };
      start = i + 1;
    }
  }
  if (start < text.length) yield { piece: text.slice(start), offset: start };
}

/** The word segments of `text` in `lang`, in order. */
export function* wordSegments(text: string, lang: string): Generator<WordSegment> {
  const segmenter = segmenterOf(lang);
  for (const { piece, offset } of pieces(text)) {
    for (const s of segmenter.segment(piece))
      yield { segment: s.segment, index: offset + s.index, isWordLike: s.isWordLike ?? false };
  }
}
