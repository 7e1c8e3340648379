/**
 * Journey (issue 27): an owner writes an article in the writer — a heading, a picture uploaded in its image block, a
 * paid section with paid sentences after it — and publishes it through the publish screens, with the admin in
 * zh-TW, en or ja. An anonymous reader then opens it on the public site: the picture loads (its request answers 200
 * with an image type and the <img> has pixels), and no paid sentence is in the page's HTML, its <meta> tags, the RSS
 * feed or the sitemap. On a site's host /uploads is a 404: the picture loads only from its absolute address.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Locale } from '../../contract/constants';
import { t } from '../../server/i18n';
import { expect, shot, signedOutPage, test } from './fixtures';
import { siteInDefaultTheme } from './fixtures-readers';

const LOCALES: Locale[] = ['zh-TW', 'en', 'ja'];

const picture = () =>
  sharp({ create: { width: 480, height: 270, channels: 3, background: '#2f6f8f' } })
    .png()
    .toBuffer();

/** Types a line into the writer's body after everything in it. */
async function typeAtEnd(page: Page, text: string) {
  await page.getByTestId('writer-body').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(text);
}

/** A block through the slash menu, by its key (the menu matches keys in every interface language). */
async function slashBlock(page: Page, key: string) {
  await page.keyboard.insertText(`/${key}`);
  await expect(page.getByTestId('slash-menu')).toBeVisible();
  await page.keyboard.press('Enter');
}

/** Text fetched from the site's own origin, as the reader's browser gets it (Node cannot resolve *.localhost). */
const siteText = (reader: Page, path: string) => reader.evaluate(async (p) => (await fetch(p)).text(), path);

for (const locale of LOCALES) {
  test(`an article with a picture and a paid section, read anonymously on the public site (${locale})`, async ({
    page,
    browser,
    world,
  }) => {
    const words = (key: string) => t(locale, key);
    const site = await siteInDefaultTheme(page.request, world);
    const unique = `${locale}-${Date.now()}`;
    const title = `Journey ${unique}`;
    const free = `Free opening ${unique}.`;
    const paid = [`Paid secret one ${unique}.`, `Paid secret two ${unique}.`];
    await page.addInitScript((l) => localStorage.setItem('locale', l), locale);

    // The writer: title, a free paragraph, a heading, a picture, then the paid section and what only members read.
    await page.goto('/edit/post/0');
    await expect(page.getByTestId('writer-body')).toBeVisible();
    await page.getByTestId('writer-title').click();
    await page.keyboard.insertText(title);
    await typeAtEnd(page, free);
    await page.keyboard.press('Enter');
    await slashBlock(page, 'h2');
    await page.keyboard.insertText(`Heading ${unique}`);
    await page.keyboard.press('Enter');
    const chooser = page.waitForEvent('filechooser');
    await slashBlock(page, 'image');
    await (await chooser).setFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await picture() });
    const uploaded = page.locator('figure[data-block="image"] img');
    await expect(uploaded).toHaveAttribute('src', /^\/uploads\//, { timeout: 15_000 });
    const picturePath = (await uploaded.getAttribute('src')) ?? '';
    await typeAtEnd(page, '');
    await slashBlock(page, 'paid');
    await expect(page.locator('[data-block="paid"]')).toHaveCount(1);
    await page.keyboard.insertText(paid[0]);
    await page.keyboard.press('Enter');
    await page.keyboard.insertText(paid[1]);
    await expect(page).toHaveURL(/\/edit\/post\/[1-9]\d*$/, { timeout: 15_000 });
    const id = Number(/\/edit\/post\/(\d+)/.exec(page.url())?.[1]);
    await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved', {
      timeout: 15_000,
    });

    // Published through the publish screens, in the interface language.
    await page.getByTestId('writer-publish').click();
    await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/setting$`));
    await page.getByRole('radio', { name: words('content.publish.setting.now') }).check();
    await page.getByRole('button', { name: words('content.publish.setting.submitNow'), exact: true }).click();
    await page.getByRole('dialog').locator('.ra-confirm').click();
    await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/success$`));
    const url = (await page.getByTestId('public-url').getAttribute('href')) ?? '';
    expect(url.startsWith(`${site}/`)).toBe(true);

    // An anonymous reader opens it: the picture is fetched from where it lives, and shows.
    const reader = await signedOutPage(browser);
    const pictureLoaded = reader.waitForResponse((r) => new URL(r.url()).pathname === picturePath);
    const response = await reader.goto(url);
    expect(response?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText(free)).toBeVisible();
    const img = reader.locator('.prose figure img').first();
    await img.scrollIntoViewIfNeeded();
    const loaded = await pictureLoaded;
    expect(loaded.status(), loaded.url()).toBe(200);
    expect(loaded.headers()['content-type']).toMatch(/^image\//);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await shot(reader, `journey-article-${locale}`);

    // No paid sentence anywhere a machine or a reader could read it.
    const html = (await response?.text()) ?? '';
    const metas = await reader
      .locator('head meta[content]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('content') ?? ''));
    expect(metas.length).toBeGreaterThan(0);
    const rss = await siteText(reader, '/rss.xml');
    const sitemap = await siteText(reader, '/sitemap.xml');
    expect(rss).toContain(title);
    expect(sitemap).toContain(url);
    for (const sentence of paid) {
      expect(html).not.toContain(sentence);
      for (const meta of metas) expect(meta).not.toContain(sentence);
      expect(rss).not.toContain(sentence);
      expect(sitemap).not.toContain(sentence);
    }
    await reader.context().close();
  });
}
