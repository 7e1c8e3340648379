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
import { expect } from './fixtures';
import { looksUntranslated } from './untranslated';

/** Moderate rules a screen must pass too: what makes a screen findable by its structure. */
const STRUCTURE_RULES = ['page-has-heading-one', 'landmark-one-main', 'region', 'heading-order'];

/** Pushes `path` onto the app's history as react-router's own links do, so that the app moves without reloading. */
async function pushPath(page: Page, path: string) {
  await page.evaluate((to) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** An address the admin does not have: its not-found page stands between two screens. */
const BETWEEN = '/sweep-between-screens';

/**
 * Opens `path` of the app at `origin`. Within the admin it moves without a reload (much faster), through its
 * not-found page, so that nothing of the screen before is left when the next one is checked; the sign-in screens,
 * another site or a first visit load the page.
 */
export async function openScreen(page: Page, origin: string, path: string): Promise<void> {
  const here = page.url().startsWith('http') ? new URL(page.url()) : null;
  const isAuth = (p: string) => p === '/auth' || p.startsWith('/auth/');
  if (!here || here.origin !== origin || isAuth(here.pathname) || !path.startsWith('/') || isAuth(path)) {
    await page.goto(path);
    return;
  }
  await pushPath(page, BETWEEN);
  const between = page.getByTestId('not-found');
  await expect(between).toBeVisible();
  const gone = await between.elementHandle();
  await pushPath(page, path);
  await expect.poll(() => gone?.evaluate((el) => el.isConnected)).toBe(false);
}

/** Waits until the screen shows its h1, `ready` (if given), and no indeterminate progress. */
export async function settle(page: Page, ready?: string): Promise<void> {
  await expect(page.locator('h1').filter({ visible: true }).first()).toBeVisible();
  if (ready) await expect(page.locator(ready).first()).toBeVisible();
  await expect(
    page.locator('.MuiLinearProgress-indeterminate, .MuiCircularProgress-indeterminate, .MuiSkeleton-root'),
  ).toHaveCount(0);
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
