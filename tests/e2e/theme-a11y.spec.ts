/**
 * The default theme passes WCAG 2 A/AA checks (axe-core) on every page of the fixture site, in zh-TW, en and ja, at
 * 1280 and 390 px wide. The pages are rendered here with the theme (tests/fixtures/themeRender.ts) and served to the
 * browser through page.route under a made-up origin, with the theme's assets and placeholder pictures: no app
 * server is needed, and a request leaving that origin fails the test (the theme makes no outside requests).
 * SHOTS_DIR=<folder> keeps a screenshot of each page.
 */
import { expect, type Page, test } from '@playwright/test';
import type { ThemeSettingValues } from '../../contract/themes';
import { assetType } from '../../server/public/assets';
import {
  FIXTURE_LANGUAGES,
  FIXTURE_ORIGIN,
  FIXTURE_PAGES,
  type FixtureLanguage,
  type FixturePage,
  pageContext,
} from '../fixtures/pageContexts';
import { loadTheme, renderPage, themeSettings } from '../fixtures/themeRender';
import { wcagViolations } from './a11y';
import { shot } from './fixtures';

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
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `theme-paper${label}-${language}-${name}-${width}`);
    expect(await wcagViolations(page), `${language} ${name} at ${width}px`).toEqual([]);
    await page.reload();
  }
  expect(outside).toEqual([]);
}

for (const language of FIXTURE_LANGUAGES) {
  for (const name of FIXTURE_PAGES) {
    test(`the default theme's ${name} page in ${language} has no WCAG A/AA violation`, async ({ page }) => {
      await checkPage(page, language, name);
    });
  }
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
