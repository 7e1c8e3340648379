/** The wizard's steps as the payment tests walk them (wizard.spec.ts, wizard-tappay.spec.ts, discount.spec.ts). */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A name no other test of the run has: the time and a random part. */
export const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Steps 1 and 2: a free address and a name, then the CREATOR plan. */
export async function toPayment(page: Page, slug: string, name: string) {
  await page.goto('/init');
  await page.getByLabel('網站網址').fill(slug);
  await page.getByLabel('網站名稱').fill(name);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('radio', { name: 'CREATOR' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('heading', { name: '付款', exact: true })).toBeVisible();
}
