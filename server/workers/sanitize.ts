/**
 * HTML is cleaned on the server whatever the editor sent, so stored content can be rendered on the public site as it
 * is: inline HTML of paragraphs and headings keeps only simple text marks and links; rich text (reader plans and the
 * paywall text, ra-input-rich-text's HTML) keeps paragraphs, headings, lists and quotes besides.
 */
import sanitizeHtml from 'sanitize-html';
import type { BlockDocument } from '../../contract/blocks';
import { LINK_MAX } from '../../contract/constants';
import { rules } from '../../contract/validation';

/**
 * Absolute web and mail links, or a path on the site (the writer's rule, rules.textLink); relative links would
 * resolve against the reader's page, and '/\\host' is another host to a browser.
 */
const safeHref = (href: string) => href.length <= LINK_MAX && rules.textLink(href) === undefined;

const INLINE_TAGS = ['b', 'strong', 'i', 'em', 'u', 's', 'a', 'br', 'code', 'mark', 'sub', 'sup'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: INLINE_TAGS,
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? '';
      const kept: sanitizeHtml.Attributes = safeHref(href) ? { href } : {};
      return { tagName, attribs: kept };
    },
  },
};

/** Characters of inline HTML (inputs and outputs) the cache below keeps, at most: a few MB. */
export const INLINE_CACHE_CHARS = 2_000_000;
const inlineCache = new Map<string, string>();
let inlineCacheChars = 0;

/**
 * Inline HTML cleaned. The answers are kept (most recently used last, within INLINE_CACHE_CHARS): a writer's saves
 * send the whole article every time, and most of its paragraphs again unchanged, which sanitize-html would parse
 * anew on the server's one thread.
 */
export function sanitizeInline(html: string): string {
  const hit = inlineCache.get(html);
  if (hit !== undefined) {
    inlineCache.delete(html);
    inlineCache.set(html, hit);
    return hit;
  }
  const clean = sanitizeHtml(html, OPTIONS);
  const chars = html.length + clean.length;
  if (chars <= INLINE_CACHE_CHARS / 100) {
    inlineCache.set(html, clean);
    inlineCacheChars += chars;
    for (const [key, value] of inlineCache) {
      if (inlineCacheChars <= INLINE_CACHE_CHARS) break;
      inlineCache.delete(key);
      inlineCacheChars -= key.length + value.length;
    }
  }
  return clean;
}

const RICH_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', ...INLINE_TAGS],
};

/** Rich text: cleaned when saved and again when a public page shows it. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, RICH_OPTIONS);

/** The document with every paragraph and heading text sanitized; other blocks hold no HTML. */
export function sanitizeDocument(doc: BlockDocument): BlockDocument {
  return {
    blocks: doc.blocks.map((block) =>
      block.type === 'paragraph' || block.type === 'header'
        ? { ...block, data: { ...block.data, text: sanitizeInline(block.data.text) } }
        : block,
    ),
  } as BlockDocument;
}
