/**
 * The owner's shop screens as a person uses them (shared by the shop's browser tests): a SKU added through the SKU
 * modal of the product dialog, which explains the lead time (`shift`).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

export interface SkuForm {
  name: string;
  code: string;
  price: string;
  qty: string;
  shift?: string;
}

/** Opens the SKU modal from the product `dialog`, fills it and adds the SKU to the dialog's list. */
export async function addSku(page: Page, dialog: Locator, sku: SkuForm): Promise<void> {
  await dialog.getByTestId('sku-add').click();
  const modal = page.getByTestId('sku-dialog');
  await expect(modal.getByText('付款後幾天內出貨（0 = 現貨）')).toBeVisible();
  await modal.getByTestId('sku-name').fill(sku.name);
  await modal.getByTestId('sku-code').fill(sku.code);
  await modal.getByTestId('sku-price').fill(sku.price);
  await modal.getByTestId('sku-qty').fill(sku.qty);
  if (sku.shift) await modal.getByTestId('sku-shift').fill(sku.shift);
  await modal.getByTestId('sku-done').click();
  await expect(modal).toHaveCount(0);
}
