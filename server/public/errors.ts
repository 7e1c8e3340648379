/**
 * The renderer's own pages, which no theme can break: site not found, the error page, coming soon; and the banner
 * put on top of a preview or a staff view, whatever the theme. Plain HTML in zh-TW, en (and ja where a visitor reads
 * it), with inline styles only.
 */

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

/** An unknown host (404). */
export function siteNotFoundPage(): string {
  return plainPage(
    'zh-TW',
    '找不到這個網站 · Site not found',
    `<h1 style="font-size:1.6rem">找不到這個網站</h1><p lang="en">Site not found.</p>`,
  );
}

/** A theme failed to render (500). */
export function errorPage(): string {
  return plainPage(
    'zh-TW',
    '頁面暫時無法顯示 · Something went wrong',
    `<h1 style="font-size:1.6rem">頁面暫時無法顯示</h1><p>網站的佈景主題發生錯誤，請稍後再試。</p>
<p lang="en">This page could not be shown: the site's theme ran into an error. Please try again later.</p>`,
  );
}

/** No page of a theme or asset at this address, when the theme cannot say so itself (404). */
export function plainNotFoundPage(): string {
  return plainPage(
    'zh-TW',
    '找不到這個頁面 · Page not found',
    `<h1 style="font-size:1.6rem">找不到這個頁面</h1><p lang="en">Page not found.</p>`,
  );
}

/** An unpublished site, for visitors: the built-in coming-soon page (a theme may have its own). */
export function comingSoonPage(siteName: string): string {
  const name = escapeHtml(siteName);
  return plainPage(
    'zh-TW',
    `${name} · 即將推出 · Coming soon`,
    `<p style="color:#666;margin:0">${name}</p>
<h1 style="font-size:2rem;margin:.2em 0 .6em">即將推出 · Coming soon</h1>
<p>網站正在準備中，敬請期待。</p>
<p lang="en">This site is being prepared. Please come back soon.</p>
<p lang="ja">このサイトは現在準備中です。もうしばらくお待ちください。</p>`,
  );
}

export const PREVIEW_BANNER = '預覽 · Preview — 這是尚未發布的版本';
export const STAFF_BANNER = '網站尚未發布，只有工作人員看得到 · Not published: only staff can see this';

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
