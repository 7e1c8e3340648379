/** `/api/category/*`: all (list), get, new, edit, del. */
import { CategoryEdit, CategoryNew } from '../../../contract/category';
import { IdInput, ListInput } from '../../../contract/list';
import { RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { action } from '../../http/action';
import * as categories from './service';

const perm = RESOURCE_PERMISSIONS.category;

export const categoryActions = [
  action({
    path: 'category/all',
    input: ListInput,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => categories.listCategories(ctx.deps.db, ctx.site.id, input.query),
  }),
  action({
    path: 'category/get',
    input: IdInput,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => categories.getCategory(ctx.deps.db, ctx.site.id, input.id),
  }),
  action({
    path: 'category/new',
    input: CategoryNew,
    access: 'site',
    permission: perm.create,
    handler: (input, ctx) => categories.createCategory(ctx.deps.db, ctx.site.id, input),
  }),
  action({
    path: 'category/edit',
    input: CategoryEdit,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) => categories.updateCategory(ctx.deps.db, ctx.site.id, input),
  }),
  action({
    path: 'category/del',
    input: IdInput,
    access: 'site',
    permission: perm.delete,
    handler: (input, ctx) => categories.deleteCategory(ctx.deps.db, ctx.site.id, input.id),
  }),
];
