/** The goods entity's endpoints (contract/entities/goods.ts) and the bulk on/offline of products. */
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { goods } from '../entities/goods';
import { f } from '../fields';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { SHOP_STATUSES } from '../shop';

/** Products one bulk action changes at most. */
export const GOODS_BULK_MAX = 100;

export const goodsApi = {
  ...goods.api,
  status: endpoint({
    path: 'product/status',
    input: z.strictObject({
      ids: z.array(f.id()).min(1).max(GOODS_BULK_MAX),
      status: z.enum(SHOP_STATUSES),
    }),
    output: z.object({ ids: z.array(z.number()) }),
    access: 'site',
    permission: RESOURCE_PERMISSIONS.goods.edit,
    feature: 'shop',
    summary: "Puts the site's products on or off sale: all of them, or none when one is not the site's",
  }),
};
