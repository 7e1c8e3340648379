/** `/api/category/*`: all (list), get, new, edit, del (contract/api/categories.ts). */
import { categoryApi } from '../../../contract/api/categories';
import { action } from '../../http/action';
import * as categories from './service';

export const categoryActions = [
  action({
    ...categoryApi.all,
    handler: (input, ctx) => categories.listCategories(ctx.deps.db, ctx.site.id, input.query),
  }),
  action({
    ...categoryApi.get,
    handler: (input, ctx) => categories.getCategory(ctx.deps.db, ctx.site.id, input.id),
  }),
  action({
    ...categoryApi.new,
    handler: (input, ctx) => categories.createCategory(ctx.deps.db, ctx.site.id, input),
  }),
  action({
    ...categoryApi.edit,
    handler: (input, ctx) => categories.updateCategory(ctx.deps.db, ctx.site.id, input),
  }),
  action({
    ...categoryApi.del,
    handler: (input, ctx) => categories.deleteCategory(ctx.deps.db, ctx.site.id, input.id),
  }),
];
