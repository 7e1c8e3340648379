/**
 * The default theme passes axe-core's default rules (WCAG 2 A/AA and best practices: landmarks, headings, unique
 * regions) on every page of the fixture site, in zh-TW, en and ja, at 1280 and 390 px wide. The pages are rendered
 * here with the theme (tests/fixtures/themeRender.ts) and served to the browser through page.route under a made-up
 * origin, with the theme's assets and placeholder pictures: no app server is needed, and a request leaving that
 * origin fails the test (the theme makes no outside requests).
 * SHOTS_DIR=<folder> keeps a screenshot of each page.
 */
import type { Page } from '@playwright/test';
import type { ThemeSettingValues } from '../../contract/themes';
import { assetType } from '../../server/modules/themes/assets';
import type { PageContext } from '../../server/workers/objects';
import {
  FIXTURE_LANGUAGES,
  FIXTURE_ORIGIN,
  FIXTURE_PAGES,
  type FixtureLanguage,
  type FixturePage,
  pageContext,
} from '../fixtures/pageContexts';
import { loadTheme, renderPage, themeSettings } from '../fixtures/themeRender';
import { axeViolations } from './a11y';
import { expect, shot, test } from './fixtures';

// Each page in a page of its own, without a server: the two workers share them.
test.describe.configure({ mode: 'parallel' });
// The suite's test (fixtures.ts), so that these run in the same workers as the specs on the world's server (a test of
// another fixture set has Playwright stop a worker, and its server, to start another); nobody signed in, no server
// asked: each page is served by the route below.
test.use({ signedIn: false });

const WIDTHS = [1280, 390];
const theme = loadTheme();
const assetsByUrl = new Map([...theme.assets.entries()].map(([file, asset]) => [asset.url, { file, asset }]));

/** A calm placeholder picture of the size its address names (…-1200x800.jpg). */
function placeholder(pathname: string): string {
  const [, w = '1200', h = '800'] = pathname.match(/-(\d+)x(\d+)\.\w+$/) ?? [];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#c9c2b2"/><circle cx="${Number(w) / 3}" cy="${Number(h) / 2}" r="${Math.min(Number(w), Number(h)) / 5}" fill="#8c8370"/></svg>`;
}

/** Serves `html` at the fixture origin with the theme's assets; answers the addresses that tried to leave it. */
async function openRendered(page: Page, html: string): Promise<string[]> {
  const outside: string[] = [];
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== FIXTURE_ORIGIN) {
      outside.push(url.href);
      return route.abort();
    }
    const asset = assetsByUrl.get(url.pathname);
    if (asset) {
      const type = assetType(asset.file);
      return route.fulfill({ body: asset.asset.body, contentType: type });
    }
    if (url.pathname.startsWith('/uploads/') && /\.(jpg|png)$/.test(url.pathname)) {
      return route.fulfill({ body: placeholder(url.pathname), contentType: 'image/svg+xml' });
    }
    if (url.pathname === '/_page')
      return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`${FIXTURE_ORIGIN}/_page`);
  // The stylesheet is in force (an unstyled page would hide contrast failures).
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(251, 250, 246)');
  return outside;
}

async function checkPage(
  page: Page,
  language: FixtureLanguage,
  name: FixturePage,
  values: ThemeSettingValues = {},
  label = '',
) {
  const html = await renderPage(theme, pageContext(language, name, themeSettings(theme, values)));
  const outside = await openRendered(page, html);
  for (const [i, width] of WIDTHS.entries()) {
    // axe opened every disclosure: each width after the first starts from the page as served (a reload after the
    // last one checked nothing more).
    if (i > 0) await page.reload();
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `theme-paper${label}-${language}-${name}-${width}`);
    expect(await axeViolations(page, 'default'), `${language} ${name} at ${width}px`).toEqual([]);
  }
  expect(outside).toEqual([]);
}

for (const language of FIXTURE_LANGUAGES) {
  for (const name of FIXTURE_PAGES) {
    test(`the default theme's ${name} page in ${language} has no axe violation`, async ({ page }) => {
      await checkPage(page, language, name);
    });
  }
}

/** The readers' pages (issue 14): the fixture site's 404 context made into each, signed out and signed in. */
const READER_PAGES = ['signin', 'accountSignedOut', 'account', 'contact', 'homeSignedIn'] as const;
type ReaderFixture = (typeof READER_PAGES)[number];

function readerContext(language: FixtureLanguage, name: ReaderFixture): PageContext {
  const base = pageContext(language, name === 'homeSignedIn' ? 'home' : 'notFound', themeSettings(theme));
  const prefix = language === 'zh-TW' ? '' : `/${language}`;
  const url = (kind: string) => `${FIXTURE_ORIGIN}${prefix}/${kind}`;
  const reader_pages = {
    signin_url: url('signin'),
    account_url: url('account'),
    contact_url: url('contact'),
    subscribe_url: url('subscribe'),
    api_url: '/api/reader',
    lang_id: language === 'zh-TW' ? 1 : language === 'en' ? 3 : 4,
  };
  const signedIn = name === 'account' || name === 'homeSignedIn';
  const reader = signedIn
    ? {
        name: '林小明',
        email: 'reader@example.com',
        paying: true,
        url_account: reader_pages.account_url,
        url_signin: reader_pages.signin_url,
      }
    : null;
  const common = { ...base, reader, reader_pages };
  if (name === 'homeSignedIn') return common;
  if (name === 'signin') return { ...common, template: 'signin', signin: { link_error: 'invalid' } };
  if (name === 'contact') return { ...common, template: 'contact', contact: { name: '', email: '' } };
  if (name === 'accountSignedOut') return { ...common, template: 'account', account: null };
  return {
    ...common,
    template: 'account',
    account: {
      name: '林小明',
      email: 'reader@example.com',
      epaper_opt_in: true,
      following: false,
      paying: true,
      member_since: '2026-01-02T03:04:05.000Z',
      member_since_display: '2026年1月2日',
      subscription: {
        plan_name: '年訂方案',
        price: 1200,
        status: 'active',
        period_end: '2027-01-02T03:04:05.000Z',
        period_end_display: '2027年1月2日',
        cancel_at_period_end: false,
        cancellable: true,
        card_last_four: '4242',
        card_expiry: '203012',
        card_changeable: true,
        card_prime: '/sandbox-gateway/prime',
        overdue: 0,
      },
      payments: [
        {
          order_number: 'R20260102000001',
          amount: 1200,
          status: 'paid',
          kind: 'first',
          date: '2026-01-02T03:04:05.000Z',
          date_display: '2026年1月2日',
        },
      ],
    },
  };
}

for (const language of FIXTURE_LANGUAGES) {
  test(`the default theme's reader pages in ${language} have no axe violation`, async ({ page }) => {
    for (const name of READER_PAGES) {
      const html = await renderPage(theme, readerContext(language, name));
      const outside = await openRendered(page, html);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await shot(page, `theme-paper-${language}-reader-${name}-${width}`);
        expect(await axeViolations(page, 'default'), `${language} ${name} at ${width}px`).toEqual([]);
      }
      // The reader script loads from the theme's assets and the challenge is asked only on submit.
      expect(outside).toEqual([]);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
}

test('chosen design settings keep the pages accessible, a pale accent colour included', async ({ page }) => {
  const values = {
    accent_color: '#f4d35e',
    font_style: 'serif',
    card_style: 'raised',
    columns: 4,
    footer_text: '本站文章採創用 CC 授權。',
  };
  for (const name of ['home', 'post', 'category'] as const)
    await checkPage(page, 'zh-TW', name, values, '-pale');
});

test('the skip link and the menu work with the keyboard alone', async ({ page }) => {
  await openRendered(page, await renderPage(theme, pageContext('en', 'post', themeSettings(theme))));
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const film = nav.getByRole('link', { name: 'Film' });
  await expect(film).toBeHidden();
  await nav.getByText('Culture', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(film).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(film).toBeFocused();
});
