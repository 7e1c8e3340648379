/**
 * The screen sweep (issue 27, items 6, 8 and 13): every admin screen (tests/e2e/screens.ts, which a unit test keeps
 * in step with the app's routes), the sign-in screens and the default theme's pages, in zh-TW, en and ja, on a demo
 * site seeded with long names (fixtures-sweep.ts). On each: axe-core's default rules in zh-TW (none critical or
 * serious, and the structure rules; theme-a11y.spec.ts runs the theme's pages in en and ja), no page wider than a 1,024 px window (lists at 1,440 px too, with their toolbar and
 * pagination in view), and in zh-TW and ja no text that is an i18n key or an English status word. Each test moves
 * one page from screen to screen and reports every problem it met at the end. SHOTS_DIR=<folder> keeps a
 * screenshot of each screen.
 */
import { type APIRequestContext, type Page, request } from '@playwright/test';
import { apiCall, apiSignIn, test as base, expect, OWNER, shot, type World } from './fixtures';
import { readerChallenge } from './fixtures-readers';
import { type Seeded, seedScreens } from './fixtures-sweep';
import { ADMIN_SCREENS, AUTH_SCREENS, type Screen, THEME_PAGES } from './screens';
import { accessibilityProblems, openScreen, settle, untranslatedProblems, widthProblems } from './sweep';

const LANGUAGES = ['zh-TW', 'en', 'ja'] as const;
type Language = (typeof LANGUAGES)[number];
const NARROW = { width: 1024, height: 768 };
const WIDE = { width: 1440, height: 900 };

const test = base.extend<object, { seeded: Seeded; owner: APIRequestContext }>({
  owner: [
    async ({ world }, use) => {
      const api = await request.newContext({
        baseURL: world.url,
        extraHTTPHeaders: { origin: world.url },
        storageState: await apiSignIn(world.url, OWNER.email, OWNER.password),
      });
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  seeded: [
    async ({ world, owner }, use) => {
      const before = await apiCall<{ frontend_display_language: number[] }>(owner, 'site/profile');
      await use(await seedScreens(owner, world));
      // The specs after this one in the worker find the site's languages as they were.
      const after = await apiCall<Record<string, unknown>>(owner, 'site/profile');
      await apiCall(owner, 'site/save', {
        ...after,
        frontend_display_language: before.frontend_display_language,
      });
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'parallel' });

/** The page's interface language, chosen on this device before any screen loads. */
async function speak(page: Page, language: Language) {
  await page.addInitScript((l) => window.localStorage.setItem('locale', l), language);
}

/** Opens a screen, waits for it, checks it; answers its problems, each prefixed with where it was met. */
async function visit(
  page: Page,
  origin: string,
  language: Language,
  path: string,
  opts: { ready?: string; list?: boolean; shotName: string },
): Promise<string[]> {
  await openScreen(page, origin, path);
  const unsettled = await settle(page, opts.ready).then(
    () => [],
    (err: Error) => [`did not settle: ${err.message.split('\n')[0]}`],
  );
  await shot(page, `sweep-${language}-${opts.shotName}`);
  const problems = [
    ...unsettled,
    // axe in the source language only: the markup it checks is the same in every language, and each visit with
    // it costs about twice as much; en and ja keep the checks that differ by language (width, words).
    ...(language === 'zh-TW' ? await accessibilityProblems(page, opts.ready) : []),
    ...(await widthProblems(page, Boolean(opts.list))),
    ...(language === 'en' ? [] : await untranslatedProblems(page)),
  ];
  if (opts.list) {
    await page.setViewportSize(WIDE);
    await shot(page, `sweep-${language}-${opts.shotName}-${WIDE.width}`);
    problems.push(...(await widthProblems(page, true)).map((p) => `at ${WIDE.width}px: ${p}`));
    await page.setViewportSize(NARROW);
  }
  return problems.map((p) => `${language} ${path}: ${p}`);
}

const shotName = (path: string) => path.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'home';

async function sweepAdmin(page: Page, origin: string, language: Language, screens: Screen[], seeded: Seeded) {
  const problems: string[] = [];
  for (const screen of screens) {
    const path = screen.path(seeded);
    problems.push(
      ...(await visit(page, origin, language, path, {
        ready: screen.ready,
        list: screen.list,
        shotName: shotName(path),
      })),
    );
  }
  return problems;
}

/**
 * The admin screens in two halves, each a test of its own, so that the two workers share a language's sweep (the
 * file runs in parallel) rather than one of them waiting at the end of the run for the other's whole sweep.
 */
const HALF = Math.ceil(ADMIN_SCREENS.length / 2);
const ADMIN_PARTS = [ADMIN_SCREENS.slice(0, HALF), ADMIN_SCREENS.slice(HALF)];

for (const language of LANGUAGES) {
  for (const [i, screens] of ADMIN_PARTS.entries())
    test(`every admin screen in ${language} (part ${i + 1} of ${ADMIN_PARTS.length}): accessible, within the window, translated`, async ({
      page,
      world,
      seeded,
    }) => {
      test.setTimeout(600_000);
      await page.setViewportSize(NARROW);
      await speak(page, language);
      expect(await sweepAdmin(page, world.url, language, screens, seeded)).toEqual([]);
    });

  test(`the sign-in screens and the default theme's pages in ${language}: accessible, within the window, translated`, async ({
    browser,
    world,
    seeded,
    owner,
  }) => {
    test.setTimeout(600_000);
    const page = await (await browser.newContext({ storageState: undefined, viewport: NARROW })).newPage();
    await speak(page, language);
    const problems = await sweepAdmin(page, world.url, language, AUTH_SCREENS, seeded);

    const prefix = language === 'zh-TW' ? '' : `/${language}`;
    const site = `${seeded.siteUrl}${prefix}`;
    for (const { name, path } of THEME_PAGES) {
      if (name === 'account') await signInReader(page, world, seeded.siteUrl, language);
      problems.push(
        ...(await visit(page, world.url, language, `${site}${path(seeded)}`, { shotName: `site-${name}` })),
      );
    }
    // Coming soon: the same site before it is published.
    await apiCall(owner, 'site/publish', { publish: false });
    try {
      problems.push(
        ...(await visit(page, world.url, language, `${site}/`, { shotName: 'site-coming-soon' })),
      );
    } finally {
      await apiCall(owner, 'site/publish', { publish: true });
    }
    await page.context().close();
    expect(problems).toEqual([]);
  });
}

/** A reader signs in on the site with a mailed code, in the page (so its cookie is the browser's). */
async function signInReader(page: Page, world: World, siteUrl: string, language: Language) {
  const email = `sweep-reader-${language}-${Date.now()}@example.com`;
  const token = await readerChallenge(world, siteUrl);
  const post = (path: string, body: object) =>
    page.evaluate(
      async ({ path, body }) =>
        (
          await fetch(`/api/${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json(),
      { path, body },
    );
  await page.goto(`${siteUrl}/`);
  expect(await post('reader/signin', { email, name: 'Sweep Reader', token })).toMatchObject({ code: 1 });
  const code = await world.sink.waitFor(email, /\b(\d{6})\b/);
  expect(await post('reader/verify', { email, code })).toMatchObject({ code: 1 });
}
