/**
 * A block document (contract/blocks.ts) as the HTML of an article's body. Readers who do not pay get the free part
 * only (freeBlocks: nothing after the paid section's marker) and the plan card where the paid section starts; a
 * paying reader gets all of it; a preview shows everything with a visible marker there. Inline
 * HTML was sanitized when saved and is sanitized again here; every attribute is escaped and every media address
 * checked and made absolute (`media`: uploads live on the admin's address, not on the site's host or in a mail).
 */
import type { Block, BlockDocument } from '../../contract/blocks';
import { freeBlocks } from '../../contract/blockText';
import { sanitizeInline } from '../workers/sanitize';
import { escapeHtml } from './html';
import type { MediaUrl } from './media';
import { paywallNotice } from './paywall';

export interface BlocksHtmlOptions {
  /** The page language's code (zh-TW, en, ja …), for the paywall notice. */
  lang: string;
  /** A preview: the whole document, the paid part marked. */
  preview: boolean;
  /** A paying reader (readers/status.ts): the whole document, unmarked. */
  paying?: boolean;
  /** The plan card shown to everyone else where the paid section starts (HTML, built from escaped values). */
  paywall?: string;
  /** The site's videos by id: their file's stored address. */
  videos: ReadonlyMap<number, string>;
  /** Every picture's and video's address as readers load it (media.ts). */
  media: MediaUrl;
  /** Its paragraphs and headings were cleaned already (content/cleanBody.ts, in a worker when large). */
  cleaned?: boolean;
}

type ImageData = { url: string; caption: string; width?: number; height?: number };

function img(m: ImageData, media: MediaUrl): string {
  const src = media(m.url);
  if (!src) return '';
  const size = m.width && m.height ? ` width="${m.width}" height="${m.height}"` : '';
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(m.caption)}"${size} loading="lazy">`;
}

const caption = (text: string) => (text ? `<figcaption>${escapeHtml(text)}</figcaption>` : '');

function blockHtml(block: Block, o: BlocksHtmlOptions): string {
  switch (block.type) {
    case 'paragraph':
      return `<p>${o.cleaned ? block.data.text : sanitizeInline(block.data.text)}</p>`;
    case 'header': {
      const level = [2, 3, 4].includes(block.data.level) ? block.data.level : 2;
      return `<h${level}>${o.cleaned ? block.data.text : sanitizeInline(block.data.text)}</h${level}>`;
    }
    case 'image': {
      const image = img(block.data, o.media);
      return image ? `<figure>${image}${caption(block.data.caption)}</figure>` : '';
    }
    case 'album': {
      const images = block.data.images.map((m) => img(m, o.media)).join('');
      return images ? `<figure class="album">${images}</figure>` : '';
    }
    case 'video': {
      const src = o.media(o.videos.get(block.data.id) ?? '');
      if (!src) return '';
      const poster = o.media(block.data.cover);
      const posterAttr = poster ? ` poster="${escapeHtml(poster)}"` : '';
      return `<figure class="video"><video controls preload="metadata" src="${escapeHtml(src)}"${posterAttr}></video>${caption(block.data.caption)}</figure>`;
    }
    case 'paid':
      return o.preview ? '<hr class="paid-marker">' : '';
    default:
      return '';
  }
}

/** Whether a reader gets the whole document: a preview or a paying reader; everyone else stops at the marker. */
export const readsAll = (o: Pick<BlocksHtmlOptions, 'preview' | 'paying'>) => o.preview || o.paying === true;

/** Whether the document has a paid section. */
export const hasPaidSection = (doc: BlockDocument) => (doc?.blocks ?? []).some((b) => b.type === 'paid');

/** The document's HTML for a reader who does not pay (cut at the paid section), a paying one or a preview (all). */
export function blocksHtml(doc: BlockDocument, o: BlocksHtmlOptions): string {
  const blocks = doc?.blocks ?? [];
  const shown = readsAll(o) ? blocks : freeBlocks({ blocks }).blocks;
  const parts = shown.map((b) => blockHtml(b, o));
  if (hasPaidSection(doc) && !readsAll(o))
    parts.push(o.paywall ?? `<aside class="paywall"><p>${escapeHtml(paywallNotice(o.lang))}</p></aside>`);
  return parts.filter(Boolean).join('\n');
}

/** The ids of the video blocks a page will show, to load their addresses in one query. */
export function videoIds(doc: BlockDocument, preview: boolean, paying = false): number[] {
  const all = readsAll({ preview, paying });
  const blocks = all ? (doc?.blocks ?? []) : freeBlocks({ blocks: doc?.blocks ?? [] }).blocks;
  return [...new Set(blocks.flatMap((b) => (b.type === 'video' && b.data.id > 0 ? [b.data.id] : [])))];
}
