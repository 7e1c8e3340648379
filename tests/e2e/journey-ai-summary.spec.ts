/**
 * Issue 27's journey 2, across the writer, the AI helper, the publish screens and the public site: the owner has a
 * published article with a heading, an image and a paid section whose sentences are the ones a summariser picks
 * (long, central); in the writer they ask the AI helper for a summary, accept it (it becomes the SEO description) and
 * publish again; an anonymous reader's page then carries that summary in its head, and no paid sentence anywhere in
 * the head, the page, RSS or the sitemap.
 */
import sharp from 'sharp';
import { expect, openSidePanel, shot, signedOutPage, test } from './fixtures';
import { siteInDefaultTheme } from './fixtures-readers';

const FREE = ['市府今天說明新的交通計畫，交通計畫將分三年推動。', '交通局長說，交通計畫的細節會在下週公布。'];
/** Central to the whole text: a summary of all of it picks these. */
const PAID = [
  '捷運環狀線北環段將於明年底通車，捷運環狀線北環段連接新北市與台北市的捷運路網。',
  '捷運環狀線北環段通車後，捷運環狀線的通勤時間可望縮短二十分鐘。',
];
const paidIn = (text: string) => PAID.some((s) => text.includes(s.slice(0, 10))) || text.includes('北環段');

test('an accepted AI summary of an article with a paid section puts no paid sentence in the public head', async ({
  page,
  browser,
  world,
}) => {
  const site = await siteInDefaultTheme(page.request, world);
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const slug = `ai-summary-${unique}`;
  const title = `交通計畫 ${unique}`;

  // The article as the owner wrote it: a heading, free text, a picture, the paid section; published.
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86c1' } })
    .png()
    .toBuffer();
  const upload = await (
    await page.request.post('/api/element/upload/image', {
      multipart: { file: { name: 'map.png', mimeType: 'image/png', buffer: picture } },
    })
  ).json();
  expect(upload.code).toBe(1);
  const para = (text: string) => ({ type: 'paragraph', data: { text } });
  const saved = await (
    await page.request.post('/api/press/save?t=1', {
      data: {
        id: 0,
        version: 0,
        title,
        slug,
        content: {
          blocks: [
            { type: 'header', data: { text: '交通計畫', level: 2 } },
            ...FREE.map(para),
            { type: 'image', data: { url: upload.data.path, caption: '路線圖' } },
            { type: 'paid', data: {} },
            ...PAID.map(para),
          ],
        },
      },
    })
  ).json();
  expect(saved.code).toBe(1);
  const id = saved.data.id as number;
  expect(
    (await (await page.request.post('/api/press/publish?t=1', { data: { id, mode: 1 } })).json()).code,
  ).toBe(1);

  // In the writer, the AI helper's summary is asked for and accepted: it fills the SEO description.
  await page.goto(`/edit/post/${id}`);
  await expect(page.getByTestId('writer-title')).toHaveValue(title);
  await openSidePanel(page);
  const panel = page.getByTestId('ai-panel');
  await panel.getByTestId('ai-ask-summary').click();
  const suggestion = panel.getByTestId('ai-suggestion-text');
  await expect(suggestion).not.toBeEmpty();
  const summary = (await suggestion.textContent()) ?? '';
  await panel.getByTestId('ai-accept').click();
  await page.getByRole('tab', { name: 'SEO' }).click();
  await expect(page.getByTestId('seo-description')).toHaveValue(summary);
  await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved', {
    timeout: 15_000,
  });
  await shot(page, 'journey-ai-summary-accepted');

  // Published again through the publish screens: a published item's draft is put online with 更新.
  await page.getByTestId('writer-publish').click();
  await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/setting$`));
  // 更新 may be pressed before the screen has read the item, when it asks nothing yet: pressed again until it asks.
  const confirm = page.getByRole('dialog').getByRole('button', { name: '確認' });
  await expect(async () => {
    await page.getByRole('button', { name: '更新', exact: true }).click();
    await expect(confirm).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await confirm.click();
  await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/success$`));

  // An anonymous reader: the summary is the page's description, and no paid sentence is in the head or the page.
  const reader = await signedOutPage(browser);
  const response = await reader.goto(`${site}/post/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByText(FREE[0])).toBeVisible();
  await expect(reader.locator('meta[name="description"]')).toHaveAttribute('content', summary);
  await expect(reader.locator('meta[property="og:description"]')).toHaveAttribute('content', summary);
  const html = await reader.content();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(paidIn(head), head).toBe(false);
  expect(paidIn(html)).toBe(false);
  expect(summary).toContain('交通計畫');
  await shot(reader, 'journey-ai-summary-public');
  for (const path of ['/rss.xml', '/sitemap.xml']) {
    const feed = await reader.goto(`${site}${path}`);
    expect(feed?.status(), path).toBe(200);
    expect(paidIn((await feed?.text()) ?? ''), path).toBe(false);
  }
  await reader.context().close();
});
