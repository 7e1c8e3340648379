/**
 * What of an item machine translation changes: its title, subtitle, SEO title and description, and the text of its
 * blocks (paragraph and header inline HTML, image, album and video captions). Everything else — block order and
 * types, images, videos, the paid marker — is kept as it is. `walk` lists the texts to translate (empty ones are
 * not sent) and rebuilds the item from their translations, each cut to its field's limit. Texts after the paid marker
 * are marked paid and never share a request with free ones (batchesOf): a service that answers a batch's texts out of
 * place (same count, shifted) can then never put paid text in a free block, the title or the SEO description.
 */
import type { Block, BlockDocument } from '../../../contract/blocks';
import { stripHtml } from '../../../contract/blockText';
import { INLINE_MAX } from '../../../contract/constants';
import {
  cleanTitle,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  SUBTITLE_MAX,
  TITLE_MAX,
} from '../../../contract/contentConstants';

export interface TranslatableItem {
  title: string;
  subtitle: string;
  seo: { title: string; content: string };
  body: BlockDocument;
}

export interface Segment {
  text: string;
  /** Inline HTML (tags kept) rather than plain text. */
  html: boolean;
  /** After the paid marker: for paying readers only. */
  paid: boolean;
}

const CAPTION_MAX = 500;

const cut = (text: string, max: number) => [...text].slice(0, max).join('').trim();
/** Inline HTML over its limit loses its tags rather than being cut inside one. */
const cutHtml = (html: string) => (html.length <= INLINE_MAX ? html : cut(stripHtml(html), INLINE_MAX));

export function walk(item: TranslatableItem): {
  segments: Segment[];
  rebuild: (translated: readonly string[]) => TranslatableItem;
} {
  const segments: Segment[] = [];
  /** The index of the text's translation, or -1 when it is not sent (nothing to translate). */
  let paid = false;
  const add = (text: string, html: boolean): number => {
    if ((html ? stripHtml(text) : text).trim() === '') return -1;
    segments.push({ text, html, paid });
    return segments.length - 1;
  };
  const title = add(item.title, false);
  const subtitle = add(item.subtitle, false);
  const seoTitle = add(item.seo.title, false);
  const seoContent = add(item.seo.content, false);
  const blocks = item.body.blocks.map((block) => {
    switch (block.type) {
      case 'paragraph':
      case 'header':
        return [add(block.data.text, true)];
      case 'image':
      case 'video':
        return [add(block.data.caption, false)];
      case 'album':
        return block.data.images.map((image) => add(image.caption, false));
      case 'paid':
        paid = true;
        return [];
      default:
        return [];
    }
  });

  const rebuild = (translated: readonly string[]): TranslatableItem => {
    const of = (i: number, original: string, max: number) =>
      i < 0 ? original : cut(translated[i] ?? '', max);
    const body: Block[] = item.body.blocks.map((block, b) => {
      const [first] = blocks[b];
      switch (block.type) {
        case 'paragraph':
        case 'header':
          return first < 0
            ? block
            : { ...block, data: { ...block.data, text: cutHtml(translated[first] ?? '') } };
        case 'image':
        case 'video':
          return { ...block, data: { ...block.data, caption: of(first, block.data.caption, CAPTION_MAX) } };
        case 'album':
          return {
            ...block,
            data: {
              ...block.data,
              images: block.data.images.map((image, k) => ({
                ...image,
                caption: of(blocks[b][k], image.caption, CAPTION_MAX),
              })),
            },
          };
        default:
          return block;
      }
    }) as Block[];
    return {
      title: cleanTitle(of(title, item.title, TITLE_MAX)),
      subtitle: of(subtitle, item.subtitle, SUBTITLE_MAX),
      seo: {
        title: of(seoTitle, item.seo.title, SEO_TITLE_MAX),
        content: of(seoContent, item.seo.content, SEO_DESCRIPTION_MAX),
      },
      body: { blocks: body },
    };
  };
  return { segments, rebuild };
}

/**
 * The segments in batches sent one request each: plain texts apart from inline HTML (the services treat them
 * differently) and free texts apart from paid ones, each batch at most `maxCount` texts and about `maxChars`
 * characters (a longer text goes alone), in the document's order within each kind. Indexes into `segments`.
 */
export function batchesOf(segments: readonly Segment[], maxCount = 25, maxChars = 6000): number[][] {
  const batches: number[][] = [];
  for (const [html, paid] of [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ]) {
    let current: number[] = [];
    let chars = 0;
    segments.forEach((segment, i) => {
      if (segment.html !== html || segment.paid !== paid) return;
      if (current.length >= maxCount || (current.length > 0 && chars + segment.text.length > maxChars)) {
        batches.push(current);
        current = [];
        chars = 0;
      }
      current.push(i);
      chars += segment.text.length;
    });
    if (current.length) batches.push(current);
  }
  return batches;
}
