/**
 * zh-TW words of the public site's own pages and notices, which no theme can change (server/public/errors.ts,
 * context.ts, content/paywall.ts): the renderer shows them in the page's language, or in all three where it
 * cannot know it (an unknown site).
 */
const publicSite = {
  publicSite: {
    siteNotFound: '找不到這個網站',
    pageNotFound: '找不到這個頁面',
    busy: { title: '網站忙碌中', body: '這個網站現在有太多頁面在製作，請過幾秒再試。' },
    error: { title: '頁面暫時無法顯示', body: '網站的佈景主題發生錯誤，請稍後再試。' },
    comingSoon: { title: '即將推出', body: '網站正在準備中，敬請期待。' },
    preview: '預覽 — 這是尚未發佈的版本',
    staffView: '網站尚未發佈，只有工作人員看得到',
    paywall: '以下為付費內容。',
  },
};

export default publicSite;
