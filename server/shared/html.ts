/** Escaping for the public pages' HTML: every text and attribute a builder writes goes through one of these. */
import { LINK_MAX } from '../../contract/constants';
import { rules } from '../../contract/validation';

const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value, safe inside an element or a quoted attribute. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITY[c]);

/**
 * A URL fit for src/href: http(s) or a path on the site (never javascript:, data:, '//host' or '/\host'), else ''.
 * The length is bounded before the rule looks at it.
 */
export const safeUrl = (url: string): string => {
  const u = url.trim();
  return u !== '' && u.length <= LINK_MAX && rules.link(u) === undefined ? u : '';
};
