/**
 * Logistics (issue 15, SPEC §3): the shipping options the checkout offers (the online ones), each with its fee,
 * waived for an order of at least its free threshold (0: never; contract/shop.ts shippingFee). An option with a
 * `place_id` is pickup at that place: the cart shows the place, and the order keeps its name and address.
 */
import { defineEntity, field } from '../entity';
import { f } from '../fields';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { PRICE_MAX, type SHOP_STATUSES } from '../shop';

export const LOGISTICS_NAME_MAX = 60;
export const LOGISTICS_DESCRIPTION_MAX = 300;
export const LOGISTICS_CONTENT_MAX = 20_000;

export const logistics = defineEntity({
  name: 'logistics',
  table: 'logistics',
  title: 'name',
  fields: {
    name: field.text(f.requiredText(LOGISTICS_NAME_MAX), { list: true, filter: 'search', sort: true }),
    description: field.longText(f.text(LOGISTICS_DESCRIPTION_MAX).default('')),
    content: field.richText(f.text(LOGISTICS_CONTENT_MAX).default('')),
    fee: field.money({ max: PRICE_MAX, list: true, sort: true }),
    free_threshold: field.money({ max: PRICE_MAX, list: true, sort: true }),
    /** Set: pickup at this place of the site (issue 17), rather than a delivery; null when the place is deleted. */
    place_id: field.reference('place', { list: true }),
    // Online unless sent: a new option is offered at once.
    status: field.enum(['online', 'offline'] as const satisfies readonly (typeof SHOP_STATUSES)[number][], {
      list: true,
      filter: 'in',
    }),
    created_at: field.dateTime({ sort: true }),
    updated_at: field.dateTime({ list: true, sort: true }),
  },
  paths: {
    list: 'logistics/list',
    get: 'logistics/get',
    save: 'logistics/save',
    delete: 'logistics/delete',
  },
  permissions: RESOURCE_PERMISSIONS.logistics,
  feature: 'shop',
  defaultSort: { col: 'id', order: 'desc' },
  menu: { group: 'shop', order: 20, icon: () => import('@mui/icons-material/LocalShippingOutlined') },
});
