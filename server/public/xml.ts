/**
 * Writing XML by hand for the feeds (sitemap.xml, rss.xml): text and attribute escaping, and RSS's date format
 * (the sitemap's W3C dates come formatted from the database). Small enough that no XML library is needed.
 */

/** Anything outside XML 1.0's Char production (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF): dropped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text or an attribute value, safe inside elements and in either kind of quotes. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITY[c]);
}

/** `<name>text</name>`, the text escaped. */
export const element = (name: string, text: string): string => `<${name}>${escapeXml(text)}</${name}>`;

/** RFC 822 date (RSS pubDate), in GMT: Mon, 30 Nov 2026 08:00:00 GMT. */
export const rfc822Date = (d: Date): string => d.toUTCString();
