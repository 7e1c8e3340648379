/**
 * The checks the screen sweep makes on each screen (screens-sweep.spec.ts), each answering what it found as lines
 * of text (none when the screen passes):
 * - `openScreen`: moves to a screen, without reloading the admin;
 * - `settle`: the screen shows its h1 and its data, and nothing is loading any more;
 * - `accessibilityProblems`: axe-core's default rules, none critical or serious, and none of the moderate ones a
 *   screen must pass (one h1, a main landmark, everything inside landmarks, headings in order);
 * - `widthProblems`: the page no wider than the window, and a list's controls (toolbar, pagination) inside it;
 * - `untranslatedProblems`: no text that is an i18n key, nor an English status word, where the interface is not in
 *   English.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './a11y';
import { looksUntranslated } from './untranslated';

/** Moderate rules a screen must pass too: what makes a screen findable by its structure. */
const STRUCTURE_RULES = ['page-has-heading-one', 'landmark-one-main', 'region', 'heading-order'];

/** How long a screen may take to get somewhere: the expect timeout of playwright.config.ts (a loaded machine). */
const WAIT_MS = 30_000;

/** An address the admin does not have: its not-found page stands between two screens. */
const BETWEEN = '/sweep-between-screens';

const PROGRESS = '.MuiLinearProgress-indeterminate, .MuiCircularProgress-indeterminate, .MuiSkeleton-root';

/**
 * Opens `path` of the app at `origin`. Within the admin it moves without a reload (much faster), through its
 * not-found page, so that nothing of the screen before is left when the next one is checked; the sign-in screens,
 * another site or a first visit load the page.
 *
 * The move is made in the page, in one call, as react-router's own links make it (pushState and a popstate): to the
 * not-found page, until it shows, then to `path`, until the not-found page has left the document. Each wait is
 * checked every 20 ms within WAIT_MS (as expect's would be, without its growing intervals between checks).
 */
export async function openScreen(page: Page, origin: string, path: string): Promise<void> {
  const here = page.url().startsWith('http') ? new URL(page.url()) : null;
  const isAuth = (p: string) => p === '/auth' || p.startsWith('/auth/');
  if (!here || here.origin !== origin || isAuth(here.pathname) || !path.startsWith('/') || isAuth(path)) {
    await page.goto(path);
    return;
  }
  const failure = await page.evaluate(
    async ({ between, to, ms }) => {
      const push = (p: string) => {
        const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
        window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', p);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      };
      const until = (done: () => boolean) =>
        new Promise<boolean>((resolve) => {
          const end = performance.now() + ms;
          const check = () => {
            if (done()) resolve(true);
            else if (performance.now() > end) resolve(false);
            else setTimeout(check, 20);
          };
          check();
        });
      const visible = (el: Element | null) => {
        if (!el) return false;
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      const notFound = () => document.querySelector('[data-testid="not-found"]');
      push(between);
      if (!(await until(() => visible(notFound())))) return `the not-found page at ${between} did not show`;
      const gone = notFound() as Element;
      push(to);
      if (!(await until(() => !gone.isConnected))) return `the not-found page stayed at ${to}`;
      return null;
    },
    { between: BETWEEN, to: path, ms: WAIT_MS },
  );
  if (failure) throw new Error(`${failure} within ${WAIT_MS} ms`);
}

/**
 * Waits until the screen shows an h1, `ready` (if given; its first match), and no indeterminate progress, each
 * within WAIT_MS, checked in the page every 20 ms. A load that replaces the document meanwhile (a redirect) is
 * waited for, and the checks start again on the new one.
 */
export async function settle(page: Page, ready?: string): Promise<void> {
  const check = () =>
    page.evaluate(
      async ({ ready, progress, ms }) => {
        const until = (done: () => boolean) =>
          new Promise<boolean>((resolve) => {
            const end = performance.now() + ms;
            const poll = () => {
              if (done()) resolve(true);
              else if (performance.now() > end) resolve(false);
              else setTimeout(poll, 20);
            };
            poll();
          });
        const visible = (el: Element | null) => {
          if (!el) return false;
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        };
        if (!(await until(() => [...document.querySelectorAll('h1')].some(visible)))) return 'no h1 shown';
        if (ready && !(await until(() => visible(document.querySelector(ready)))))
          return `${ready} not shown`;
        if (!(await until(() => document.querySelector(progress) === null))) return 'still loading';
        return null;
      },
      { ready, progress: PROGRESS, ms: WAIT_MS },
    );
  for (;;) {
    let failure: string | null;
    try {
      failure = await check();
    } catch (err) {
      if (!/Execution context was destroyed|navigat/i.test(String(err))) throw err;
      await page.waitForLoadState('domcontentloaded');
      continue;
    }
    if (failure) throw new Error(`${failure} within ${WAIT_MS} ms`);
    return;
  }
}

async function relevantViolations(page: Page) {
  return (await axeViolations(page, 'default')).filter(
    (v) => v.impact === 'critical' || v.impact === 'serious' || STRUCTURE_RULES.includes(v.id),
  );
}

/**
 * The violations that stay: a screen may still change while axe runs (a button enabled as its data arrives, read
 * half before and half after), so what axe finds is looked at again once the screen has settled, and only a
 * violation found both times is one.
 */
export async function accessibilityProblems(page: Page, ready?: string): Promise<string[]> {
  const first = await relevantViolations(page);
  if (first.length === 0) return [];
  await settle(page, ready);
  const seen = new Set(first.map((v) => `${v.id} ${v.nodes[0]}`));
  return (await relevantViolations(page))
    .filter((v) => seen.has(`${v.id} ${v.nodes[0]}`))
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).join(' | ')} — ${v.html} — ${v.summary}`);
}

/**
 * The page no wider than the window and, on a list, every button and link of the screen in view — its toolbar and
 * pagination — except those in a box that scrolls sideways (a wide table's rows).
 */
export async function widthProblems(page: Page, list: boolean): Promise<string[]> {
  return page.evaluate((list) => {
    const problems: string[] = [];
    const root = document.scrollingElement as Element;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`page ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);
    if (!list) return problems;
    const scrolls = (el: Element) =>
      ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth;
    const inScroller = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (scrolls(up)) return true;
      return false;
    };
    const controls = [...document.querySelectorAll('main button, main a')].filter(
      (el) => el.getBoundingClientRect().width > 0 && !inScroller(el),
    );
    if (controls.length === 0) problems.push('no button or link found');
    for (const el of controls) {
      const right = el.getBoundingClientRect().right;
      if (right > window.innerWidth)
        problems.push(
          `"${(el.textContent ?? '').trim() || el.getAttribute('aria-label')}" ends at ${Math.round(right)}px`,
        );
    }
    return problems;
  }, list);
}

/** Visible texts and the names of controls that are a key or an English word. */
export async function untranslatedProblems(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [aria-hidden="true"], .ProseMirror, [contenteditable]'))
        continue;
      const text = node.textContent?.trim();
      if (text && parent.checkVisibility()) found.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    return found;
  });
  return [...new Set(texts.filter(looksUntranslated))].map((t) => `untranslated "${t}"`);
}
