/**
 * The renderer's own pages, which no theme can break: site not found, the error page, coming soon; and the banner
 * put on top of a preview or a staff view, whatever the theme. Plain HTML with inline styles only; the words are
 * i18n/<lang>/publicSite.ts.
 */
import { LOCALES } from '../../contract/constants';
import { localeOfLanguage, t } from '../i18n';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

function plainPage(lang: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,'PingFang TC','Noto Sans TC','Hiragino Sans','Microsoft JhengHei',sans-serif;color:#222;background:#fafafa">
<main style="max-width:36rem;margin:18vh auto;padding:0 1.5rem;line-height:1.7">${body}</main>
</body></html>`;
}

/** A title in zh-TW with its English beside it, where the page cannot know its reader's language. */
const both = (key: string) => `${t('zh-TW', key)} · ${t('en', key)}`;
const heading = (key: string) =>
  `<h1 style="font-size:1.6rem">${escapeHtml(t('zh-TW', key))}</h1><p lang="en">${escapeHtml(t('en', key))}</p>`;

/** An unknown host (404). */
export function siteNotFoundPage(): string {
  return plainPage('zh-TW', escapeHtml(both('publicSite.siteNotFound')), heading('publicSite.siteNotFound'));
}

/** A page with a title and a short explanation, in zh-TW and English: `<key>.title`, `<key>.body`. */
function notice(key: string): string {
  return plainPage(
    'zh-TW',
    escapeHtml(both(`${key}.title`)),
    `${heading(`${key}.title`)}<p>${escapeHtml(t('zh-TW', `${key}.body`))}</p>
<p lang="en">${escapeHtml(t('en', `${key}.body`))}</p>`,
  );
}

/** A theme failed to render (500). */
export const errorPage = () => notice('publicSite.error');

/** The site has more pages being made than it may at once (503, with Retry-After). */
export const busyPage = () => notice('publicSite.busy');

/** No page of a theme or asset at this address, when the theme cannot say so itself (404). */
export function plainNotFoundPage(): string {
  return plainPage('zh-TW', escapeHtml(both('publicSite.pageNotFound')), heading('publicSite.pageNotFound'));
}

/** An unpublished site, for visitors: the built-in coming-soon page in the site's language first, then the others. */
export function comingSoonPage(siteName: string, language: string): string {
  const name = escapeHtml(siteName);
  const first = localeOfLanguage(language);
  const locales = [first, ...LOCALES.filter((l) => l !== first)];
  const title = locales.map((l) => t(l, 'publicSite.comingSoon.title')).join(' · ');
  return plainPage(
    first,
    `${name} · ${escapeHtml(title)}`,
    `<p style="color:#666;margin:0">${name}</p>
<h1 style="font-size:2rem;margin:.2em 0 .6em">${escapeHtml(title)}</h1>
${locales.map((l) => `<p lang="${l}">${escapeHtml(t(l, 'publicSite.comingSoon.body'))}</p>`).join('\n')}`,
  );
}

/** The banner of a preview or of staff looking at an unpublished site, in the page's language. */
export const bannerText = (kind: 'preview' | 'staffView', language: string): string =>
  t(localeOfLanguage(language), `publicSite.${kind}`);

/**
 * Puts a banner at the top of the page, right after <body…> (or first, when a theme has no body tag): sticky, so it
 * stays in view and pushes the page down rather than covering its first lines.
 */
export function withBanner(html: string, text: string): string {
  const banner =
    `<div role="status" style="position:sticky;top:0;z-index:2147483647;display:block;margin:0;padding:.5rem 1rem;` +
    `background:#b3261e;color:#fff;font:600 14px/1.4 system-ui,sans-serif;text-align:center;` +
    `box-shadow:0 1px 4px rgba(0,0,0,.3)">${escapeHtml(text)}</div>`;
  const body = /<body\b[^>]{0,2000}>/i.exec(html);
  if (!body) return banner + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + banner + html.slice(at);
}
