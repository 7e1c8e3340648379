/*
 * The public sites' first-party counter (server/public/analytics): one page view on load and one click per followed
 * link, posted in small batches to /_analytics on the site's own host. No cookie, no stored id, nothing at all when
 * the visitor asks not to be tracked (Do Not Track, Global Privacy Control). Queries and fragments never leave the
 * page (they may carry personal data). Bounded: at most MAX_EVENTS per batch, MAX_BATCHES per page load.
 */
(() => {
  const nav = navigator;
  if (nav.doNotTrack === '1' || nav.globalPrivacyControl === true) return;
  const ENDPOINT = '/_analytics';
  const FLUSH_AT = 10;
  const MAX_EVENTS = 20;
  const MAX_BATCHES = 5;
  const MAX_BODY = 4000;
  const queue = [];
  let batches = 0;

  const cut = (s, n) => (s.length > n ? s.slice(0, n) : s);

  const send = (body) => {
    try {
      if (nav.sendBeacon?.(ENDPOINT, body)) return;
    } catch {
      // Fall through to fetch.
    }
    try {
      fetch(ENDPOINT, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'text/plain' },
      }).catch(() => {});
    } catch {
      // Nothing more to do: analytics never disturb the page.
    }
  };

  const flush = () => {
    while (queue.length > 0 && batches < MAX_BATCHES) {
      const events = [];
      while (queue.length > 0 && events.length < MAX_EVENTS) {
        const next = JSON.stringify({ events: [...events, queue[0]] });
        if (next.length > MAX_BODY && events.length > 0) break;
        events.push(queue.shift());
      }
      batches += 1;
      send(JSON.stringify({ events }));
    }
    if (batches >= MAX_BATCHES) queue.length = 0;
  };

  const add = (event) => {
    if (batches >= MAX_BATCHES) return;
    queue.push(event);
    if (queue.length >= FLUSH_AT) flush();
  };

  const path = () => cut(location.pathname, 300);

  const onClick = (e) => {
    if (e.type === 'click' ? e.button !== 0 : e.button !== 1) return;
    const link = e.target?.closest?.('a[href]');
    if (!link) return;
    let url;
    try {
      url = new URL(link.href, location.href);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    const target = url.origin === location.origin ? url.pathname : url.origin + url.pathname;
    add({ k: 'c', p: path(), t: cut(target, 500) });
  };

  // A keyboard activation of a link (Enter) is a click too; the middle button is an auxclick.
  document.addEventListener('click', onClick, true);
  document.addEventListener('auxclick', onClick, true);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  add({ k: 'v', p: path() });
})();
