/**
 * `/api/category/*` of SPEC §7 (all, new, edit, del, and get): the foundation's category resource, the category
 * labels seen by their zh-TW name. The writer's and the article filter's category pickers read `category/all`; the
 * category screens use the label entity (contract/entities/label.ts).
 */

import { Category, CategoryEdit, CategoryNew } from '../category';
import { endpoint } from '../endpoint';
import { IdInput, IdReply, ListInput, listResult } from '../list';
import { RESOURCE_PERMISSIONS } from '../permissions';

const perm = RESOURCE_PERMISSIONS.category;

export const categoryApi = {
  all: endpoint({
    path: 'category/all',
    input: ListInput,
    output: listResult(Category),
    access: 'site',
    permission: perm.list,
    summary: "Lists the site's categories by name: a page, filters and a sort",
  }),
  get: endpoint({
    path: 'category/get',
    input: IdInput,
    output: Category,
    access: 'site',
    permission: perm.list,
    summary: 'One category of the site',
  }),
  new: endpoint({
    path: 'category/new',
    input: CategoryNew,
    output: Category,
    access: 'site',
    permission: perm.create,
    summary: 'Adds a category by its zh-TW name (the slug is made from it)',
  }),
  edit: endpoint({
    path: 'category/edit',
    input: CategoryEdit,
    output: Category,
    access: 'site',
    permission: perm.edit,
    summary: "Renames a category's zh-TW title",
  }),
  del: endpoint({
    path: 'category/del',
    input: IdInput,
    output: IdReply,
    access: 'site',
    permission: perm.delete,
    summary: 'Deletes a category',
  }),
};
