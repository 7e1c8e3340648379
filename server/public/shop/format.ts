/**
 * The shop's words on the public pages, as plain functions of plain data (unit-tested): a product's price or price
 * range, a SKU's stock state, its lead time. The words themselves are i18n's `shopPublic.*` (i18n/<lang>/shopPublic.ts).
 */
import type { Locale } from '../../../contract/constants';
import { formatTwd, LOW_STOCK } from '../../../contract/shop';
import { t } from '../../i18n';

/** A product's price as its card shows it: one price, "from" the lowest when its SKUs differ, '' with none. */
export function priceRangeText(locale: Locale, prices: readonly number[]): string {
  if (prices.length === 0) return '';
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? formatTwd(low) : t(locale, 'shopPublic.fromPrice', { price: formatTwd(low) });
}

export type StockState = 'in_stock' | 'low' | 'sold_out';

/** A SKU's stock as buyers see it: sold out at 0, "only N left" at LOW_STOCK or under, else in stock. */
export function stockState(qty: number): StockState {
  if (qty <= 0) return 'sold_out';
  return qty <= LOW_STOCK ? 'low' : 'in_stock';
}

export function stockText(locale: Locale, qty: number): string {
  const state = stockState(qty);
  if (state === 'sold_out') return t(locale, 'shopPublic.soldOut');
  if (state === 'low') return t(locale, 'shopPublic.onlyLeft', { count: qty });
  return t(locale, 'shopPublic.inStock');
}

/** A SKU's lead time (contract/shop.ts SHIFT_MAX_DAYS): 0 ships at once, else within N days after payment. */
export function leadTimeText(locale: Locale, shift: number): string {
  return shift > 0 ? t(locale, 'shopPublic.shipsWithin', { days: shift }) : t(locale, 'shopPublic.shipsNow');
}
