/**
 * The stored content of an article, page or e-paper: a list of blocks (SPEC §3). Inline HTML in paragraph and
 * header text is sanitized on the server. The editor (TipTap) converts to and from this shape.
 */
import { z } from 'zod';
import { INT4_MAX, ruled } from './fields';
import { rules } from './validation';

export const HEADER_LEVELS = [2, 3, 4] as const;
export const ALBUM_MAX = 50;
export const BLOCKS_MAX = 5000;
/** Inline HTML of one paragraph or heading. */
const inline = z.string().max(50_000);
const caption = z.string().max(500).default('');
const videoIncomplete = { message: 'validation.videoIncomplete' };
/** An image address: an uploaded file (/uploads/…) or an http(s) URL. */
export const imageUrl = () => ruled(z.string().max(2000), rules.required, rules.link);

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
        z.string().max(2000).default(''),
        (v) => (v.trim() === '' ? videoIncomplete : undefined),
        rules.link,
      ),
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

/** Text without tags or entities, as a reader sees it. */
export function stripHtml(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
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
  return [...paragraphText(freeBlocks(doc)).replace(/\s+/g, ' ')].slice(0, length).join('').trimEnd();
}

/** What reading time counts (SPEC §9): Chinese characters, letters, digits — and each image. */
export function readingCount(doc: BlockDocument): number {
  let count = 0;
  for (const block of doc.blocks) {
    if (block.type === 'paragraph' || block.type === 'header') {
      count += (stripHtml(block.data.text).match(/[\p{L}\p{N}]/gu) ?? []).length;
    } else if (block.type === 'image') count += 1;
    else if (block.type === 'album') count += block.data.images.length;
  }
  return count;
}

/** Reading time in minutes: count / 300, rounded up; 0 for an empty document. */
export const readingMinutes = (doc: BlockDocument): number => Math.ceil(readingCount(doc) / 300);
