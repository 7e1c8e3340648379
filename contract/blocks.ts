/**
 * The stored content of an article, page or e-paper: a list of blocks (SPEC §3). Inline HTML in paragraph and
 * header text is sanitized on the server. The editor (TipTap) converts to and from this shape.
 */
import { z } from 'zod';
import { ALBUM_MAX, BLOCKS_MAX, INLINE_MAX, INT4_MAX, LINK_MAX } from './constants';
import { bounded, ruled } from './fields';
import { rules } from './validation';

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
