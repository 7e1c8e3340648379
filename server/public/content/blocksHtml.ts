/**
 * A block document (contract/blocks.ts) as the HTML of an article's body. Readers get the free part only and a
 * paywall notice where the paid section starts; a preview shows everything with a visible marker there. Inline
 * HTML was sanitized when saved and is sanitized again here; every attribute is escaped and every address checked.
 */
import type { Block, BlockDocument } from '../../../contract/blocks';
import { freeBlocks } from '../../../contract/blockText';
import { sanitizeInline } from '../../modules/content/sanitize';
import { escapeHtml, safeUrl } from './html';
import { paywallNotice } from './paywall';

export interface BlocksHtmlOptions {
  /** The page language's code (zh-TW, en, ja …), for the paywall notice. */
  lang: string;
  /** A preview: the whole document, the paid part marked. */
  preview: boolean;
  /** The site's videos by id: their file's address. */
  videos: ReadonlyMap<number, string>;
}

type ImageData = { url: string; caption: string; width?: number; height?: number };

function img(m: ImageData): string {
  const src = safeUrl(m.url);
  if (!src) return '';
  const size = m.width && m.height ? ` width="${m.width}" height="${m.height}"` : '';
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(m.caption)}"${size} loading="lazy">`;
}

const caption = (text: string) => (text ? `<figcaption>${escapeHtml(text)}</figcaption>` : '');

function blockHtml(block: Block, o: BlocksHtmlOptions): string {
  switch (block.type) {
    case 'paragraph':
      return `<p>${sanitizeInline(block.data.text)}</p>`;
    case 'header': {
      const level = [2, 3, 4].includes(block.data.level) ? block.data.level : 2;
      return `<h${level}>${sanitizeInline(block.data.text)}</h${level}>`;
    }
    case 'image': {
      const image = img(block.data);
      return image ? `<figure>${image}${caption(block.data.caption)}</figure>` : '';
    }
    case 'album': {
      const images = block.data.images.map(img).join('');
      return images ? `<figure class="album">${images}</figure>` : '';
    }
    case 'video': {
      const src = safeUrl(o.videos.get(block.data.id) ?? '');
      if (!src) return '';
      const poster = safeUrl(block.data.cover);
      const posterAttr = poster ? ` poster="${escapeHtml(poster)}"` : '';
      return `<figure class="video"><video controls preload="metadata" src="${escapeHtml(src)}"${posterAttr}></video>${caption(block.data.caption)}</figure>`;
    }
    case 'paid':
      return o.preview ? '<hr class="paid-marker">' : '';
    default:
      return '';
  }
}

/** The document's HTML for a reader (cut at the paid section) or a preview (all of it). */
export function blocksHtml(doc: BlockDocument, o: BlocksHtmlOptions): string {
  const blocks = doc?.blocks ?? [];
  const paid = blocks.some((b) => b.type === 'paid');
  const shown = o.preview ? blocks : freeBlocks({ blocks }).blocks;
  const parts = shown.map((b) => blockHtml(b, o));
  if (paid && !o.preview)
    parts.push(`<aside class="paywall"><p>${escapeHtml(paywallNotice(o.lang))}</p></aside>`);
  return parts.filter(Boolean).join('\n');
}

/** The ids of the video blocks a page will show, to load their addresses in one query. */
export function videoIds(doc: BlockDocument, preview: boolean): number[] {
  const blocks = preview ? (doc?.blocks ?? []) : freeBlocks({ blocks: doc?.blocks ?? [] }).blocks;
  return [...new Set(blocks.flatMap((b) => (b.type === 'video' && b.data.id > 0 ? [b.data.id] : [])))];
}
