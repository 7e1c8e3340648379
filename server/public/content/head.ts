/**
 * What a page puts in <head>, every value escaped: title, description, canonical, Open Graph and Twitter tags,
 * favicon, hreflang alternates, the RSS link, a preview's noindex, and LAST the site's tracking code, raw: it is
 * the owner's own HTML by design (general settings).
 */
import { escapeHtml } from '../../shared/html';

export interface HeadInput {
  title: string;
  description: string;
  /** Absolute addresses. */
  canonical: string;
  type: 'article' | 'website';
  image: string;
  siteName: string;
  /** og:locale (zh_TW, en_US …). */
  locale: string;
  favicon: string;
  /** The page in each language it exists in (hreflang code → address); the site's default one is x-default. */
  alternates: { lang: string; href: string; isDefault: boolean }[];
  rss: string;
  tracking: string;
  preview: boolean;
}

const meta = (attr: 'name' | 'property', key: string, value: string) =>
  value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : '';

export function headHtml(h: HeadInput): string {
  const xDefault = h.alternates.find((a) => a.isDefault);
  const lines = [
    `<title>${escapeHtml(h.title)}</title>`,
    meta('name', 'description', h.description),
    h.preview ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${escapeHtml(h.canonical)}">`,
    meta('property', 'og:title', h.title),
    meta('property', 'og:description', h.description),
    meta('property', 'og:type', h.type),
    meta('property', 'og:url', h.canonical),
    meta('property', 'og:image', h.image),
    meta('property', 'og:site_name', h.siteName),
    meta('property', 'og:locale', h.locale),
    meta('name', 'twitter:card', h.image ? 'summary_large_image' : 'summary'),
    h.favicon ? `<link rel="icon" href="${escapeHtml(h.favicon)}">` : '',
    ...(h.alternates.length > 1 ? h.alternates : []).map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.lang)}" href="${escapeHtml(a.href)}">`,
    ),
    h.alternates.length > 1 && xDefault
      ? `<link rel="alternate" hreflang="x-default" href="${escapeHtml(xDefault.href)}">`
      : '',
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(h.siteName)}" href="${escapeHtml(h.rss)}">`,
    h.tracking,
  ];
  return lines.filter(Boolean).join('\n');
}
