/**
 * A site plan's e-invoice in the browser, with the server issuing through ezPay (INVOICE_ISSUER=ezpay) against the
 * local fake of ezPay's API (tests/fixtures/fakeEzPay.ts): a new owner pays for a site as the wizard does, and
 * /plan/current lists the payment with the invoice number ezPay gave; the receipt mailed to the owner names it too.
 * This file's world is its own (a server started with the ezPay settings).
 */
import { request } from '@playwright/test';
import { type FakeEzPay, startFakeEzPay } from '../fixtures/fakeEzPay';
import {
  test as base,
  expect,
  paidSite,
  registerByApi,
  SERVER_START_MS,
  shot,
  startWorld,
  type World,
} from './fixtures';

const STARTER = 2;
let fake: FakeEzPay;

const test = base.extend<object, { world: World }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      fake = await startFakeEzPay();
      const env: Record<string, string> = {
        INVOICE_ISSUER: 'ezpay',
        EZPAY_MERCHANT_ID: fake.merchantId,
        EZPAY_HASH_KEY: fake.hashKey,
        EZPAY_HASH_IV: fake.hashIv,
        EZPAY_BASE_URL: fake.url,
      };
      // The server takes this process's environment (startServer): set for its start only.
      const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
      Object.assign(process.env, env);
      let started: Awaited<ReturnType<typeof startWorld>>;
      try {
        started = await startWorld();
      } finally {
        for (const [k, v] of Object.entries(saved)) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
      }
      await use(started.world);
      await started.stop();
      await fake.close();
    },
    { scope: 'worker', timeout: SERVER_START_MS + 30_000 },
  ],
});

test.use({ signedIn: false });

test('the invoice number of a paid plan is listed in /plan/current and named in the receipt', async ({
  browser,
  world,
}) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const email = `invoice-${tag}@example.com`;
  const api = await request.newContext({ baseURL: world.url, extraHTTPHeaders: { origin: world.url } });
  await registerByApi(api, world.sink, { email, password: 'invoice-pass-1', nickname: '發票站長' });
  await paidSite(api, { plan: STARTER, slug: `inv${tag}`, name: '發票測試站', owner: '發票站長', email });
  const storageState = await api.storageState();
  await api.dispose();

  const issued = [...fake.invoices.values()];
  expect(issued).toHaveLength(1);
  expect(issued[0].params).toMatchObject({ LoveCode: '0958', TotalAmt: '299', Category: 'B2C' });
  const number = issued[0].number;

  const page = await (await browser.newContext({ storageState })).newPage();
  await page.goto('/plan/current');
  const payments = page.getByTestId('payments');
  await expect(payments.getByRole('columnheader', { name: '發票號碼' })).toBeVisible();
  await expect(payments.getByRole('row').nth(1)).toContainText(
    new RegExp(`首次訂閱.*STARTER.*NT\\$299.*已付款.*${number}`),
  );
  await shot(page, 'plan-current-invoice');

  expect(await world.sink.waitFor(email, /電子發票號碼：([A-Z]{2}\d{8})/)).toBe(number);
});
