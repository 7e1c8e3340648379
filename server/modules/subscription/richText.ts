/**
 * The rich text of reader plans and of the paywall text (ra-input-rich-text's HTML): paragraphs, headings, lists,
 * quotes and the writer's inline marks; links are absolute web or mail addresses or paths on the site, as the
 * writer's (rules.textLink). Cleaned when saved and again when a public page shows it.
 */
import sanitizeHtml from 'sanitize-html';
import { LINK_MAX } from '../../../contract/constants';
import { rules } from '../../../contract/validation';

const safeHref = (href: string) => href.length <= LINK_MAX && rules.textLink(href) === undefined;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'a',
    'br',
    'code',
    'mark',
    'sub',
    'sup',
  ],
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

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS);
