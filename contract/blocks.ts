/**
 * The stored content of an article, page or e-paper: a list of blocks (SPEC §3). Inline HTML in paragraph and
 * header text is sanitized on the server. The editor (TipTap) converts to and from this shape.
 */
import { z } from 'zod';
import { INLINE_MAX, LINK_MAX } from './constants';
import { bounded, INT4_MAX, ruled } from './fields';
import { PATTERNS } from './patterns';
import { rules } from './validation';

export const HEADER_LEVELS = [2, 3, 4] as const;
export const ALBUM_MAX = 50;
export const BLOCKS_MAX = 5000;
/** Inline HTML of one paragraph or heading. */
const inline = z.string().max(INLINE_MAX);
const caption = z.string().max(500).default('');
const videoIncomplete = { message: 'validation.videoIncomplete' };
/** An image address: an uploaded file (/uploads/…) or an http(s) URL. */
export const imageUrl = () => ruled(bounded(LINK_MAX, { trim: false }), rules.required, rules.link);

const ImageData = z.strictObject({
  url: imageUrl(),
  caption,
  width: z.number().int().positive().max(100_000).optional(),
  height: z.number().int().positive().max(100_000).optional(),
});

export const Block = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('paragraph'), data: z.strictObject({ text: inline }) }),
  z.strictObject({
    type: z.literal('header'),
    data: z.strictObject({ text: inline, level: z.union([z.literal(2), z.literal(3), z.literal(4)]) }),
  }),
  z.strictObject({ type: z.literal('image'), data: ImageData }),
  z.strictObject({
    type: z.literal('album'),
    data: z.strictObject({ images: z.array(ImageData).min(1).max(ALBUM_MAX) }),
  }),
  z.strictObject({
    type: z.literal('video'),
    // A video block is valid only with the uploaded video's id and a cover. A missing one defaults to empty so that
    // it fails the same rule (the server reports any other missing value as 'required').
    data: z.strictObject({
      id: ruled(z.number().int().max(INT4_MAX).default(0), (v) => (v > 0 ? undefined : videoIncomplete)),
      cover: ruled(
        bounded(LINK_MAX, { trim: false }),
        (v) => (v.trim() === '' ? videoIncomplete : undefined),
        rules.link,
      ).prefault(''),
      caption,
    }),
  }),
  z.strictObject({ type: z.literal('paid'), data: z.strictObject({}) }),
]);
export type Block = z.infer<typeof Block>;
export type BlockType = Block['type'];

export const BlockDocument = z
  .strictObject({ blocks: z.array(Block).max(BLOCKS_MAX) })
  .superRefine((doc, ctx) => {
    if (doc.blocks.filter((b) => b.type === 'paid').length > 1) {
      ctx.addIssue({ code: 'custom', path: ['blocks'], message: 'validation.onePaid' });
    }
  });
export type BlockDocument = z.infer<typeof BlockDocument>;

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

/** The characters of the text (paragraphs and headings): Chinese characters, letters and digits. */
export function characterCount(doc: BlockDocument): number {
  let count = 0;
  for (const block of doc.blocks) {
    if (block.type === 'paragraph' || block.type === 'header')
      count += (stripHtml(block.data.text).match(PATTERNS.letterOrDigit.re) ?? []).length;
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
