/** `/api/page/*` of SPEC §7 beside the content actions: the page tree, tabs and navigation (contract/pages.ts). */
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { pageCategory } from '../entities/page_category';
import {
  PageActive,
  PageIdInput,
  PageListInput,
  PageNode,
  PageSave,
  PageSetTab,
  PageStructure,
  PageTabs,
} from '../pages';
import { RESOURCE_PERMISSIONS } from '../permissions';

const perm = RESOURCE_PERMISSIONS.page;

export const pageCategoryApi = pageCategory.api;

export const pageApi = {
  list: endpoint({
    path: 'page/list',
    input: PageListInput,
    output: z.array(PageNode),
    access: 'site',
    permission: perm.list,
    summary: "The site's page tree (at most PAGE_TREE_MAX pages), siblings in order",
  }),
  children: endpoint({
    path: 'page/children',
    input: PageIdInput,
    output: z.array(PageNode),
    access: 'site',
    permission: perm.list,
    summary: "A page's children in order",
  }),
  get: endpoint({
    path: 'page/get',
    input: PageIdInput,
    output: PageStructure,
    access: 'site',
    permission: perm.list,
    summary: "A page's place in the tree: parent, category, order, navigation, tabs",
  }),
  save: endpoint({
    path: 'page/save',
    input: PageSave,
    output: PageStructure,
    access: 'site',
    permission: perm.edit,
    summary: 'Moves a page under a parent (0: top level) and into a page category (0: none)',
  }),
  setTab: endpoint({
    path: 'page/set_tab',
    input: PageSetTab,
    output: PageTabs,
    access: 'site',
    permission: perm.edit,
    summary: "Orders a page's children (its tabs) and picks the one that opens first",
  }),
  getTab: endpoint({
    path: 'page/get_tab',
    input: PageIdInput,
    output: PageTabs,
    access: 'site',
    permission: perm.list,
    summary: "A page's tabs in order and the one that opens first",
  }),
  active: endpoint({
    path: 'page/active',
    input: PageActive,
    output: z.object({ ids: z.array(z.number()) }),
    access: 'site',
    permission: perm.edit,
    summary: 'Lists a page (or several) in the public navigation, or takes it out',
  }),
};
