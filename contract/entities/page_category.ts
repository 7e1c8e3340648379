/**
 * Page categories (issue 17 "Page structure", SPEC §7 `page cate`): groups of static pages, with a title per content
 * language and a sort. A page is placed in one through page/save (contract/api/pages.ts); deleting a category leaves
 * its pages in none. Names (the zh-TW title, else the first) are unique per site without case.
 */
import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { defineEntity, field } from '../entity';
import { f } from '../fields';
import { RESOURCE_PERMISSIONS } from '../permissions';

export const pageCategory = defineEntity({
  name: 'page_category',
  table: 'pageCategories',
  title: 'name',
  fields: {
    /** The zh-TW title, or else the first one there is. */
    name: field.readOnly(z.string(), { list: true, filter: 'search', sort: true }),
    lang: field.languages({ title: field.text(f.text(NAME_MAX)) }, { column: 'langs' }),
    /** Lower first. */
    sort: field.number(f.uint().default(0), { list: true, sort: true }),
    created_at: field.dateTime({ sort: true }),
    updated_at: field.dateTime({ list: true, sort: true }),
  },
  aliases: { list: ['page/cate'] },
  permissions: RESOURCE_PERMISSIONS.page_category,
  defaultSort: { col: 'sort', order: 'asc' },
  refine: (category, ctx) => {
    const lang = category.lang as { title: string }[];
    if (!lang.some((l) => l.title.trim() !== ''))
      ctx.addIssue({ code: 'custom', path: ['lang', '0', 'title'], message: 'validation.required' });
  },
  menu: { group: 'content', order: 25, icon: () => import('@mui/icons-material/AccountTreeOutlined') },
});
