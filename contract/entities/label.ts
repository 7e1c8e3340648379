/**
 * Labels (SPEC §3): tags and categories, one table each, with a title and cover per content language, a slug (made
 * from the title when left empty) and the languages they are shown in. Two resources over one declaration, told
 * apart by `type`; a label's count is of the items the caller sees (server/entities/label.ts).
 */
import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { LANG_IDS } from '../contentConstants';
import { defineEntity, field } from '../entity';
import { f } from '../fields';
import { RESOURCE_PERMISSIONS } from '../permissions';

export const label = defineEntity({
  name: 'label',
  // Tags; categories live in `categories`, of the same columns (the server picks the table by `type`).
  table: 'tags',
  title: 'name',
  fields: {
    /** The zh-TW title, or else the first one there is. */
    name: field.readOnly(z.string(), { list: true, filter: 'search', sort: true }),
    lang: field.languages({ title: field.text(f.text(NAME_MAX)), cover: field.image() }, { column: 'langs' }),
    slug: field.slug('lang.title', { list: true, filter: 'search', sort: true }),
    active: field.enums(LANG_IDS, { list: true }),
    /** Items using it that the caller sees. */
    count: field.readOnly(z.number(), { list: true }),
    created_at: field.dateTime({ sort: true }),
    updated_at: field.dateTime({ list: true, sort: true }),
  },
  paths: { list: 'label/index', get: 'label/show', save: 'label/save', delete: 'label/delete' },
  permissions: RESOURCE_PERMISSIONS.label,
  defaultSort: { col: 'id', order: 'desc' },
  refine: (label, ctx) => {
    const lang = label.lang as { title: string }[];
    if (!lang.some((l) => l.title.trim() !== ''))
      ctx.addIssue({ code: 'custom', path: ['lang', '0', 'title'], message: 'validation.required' });
  },
  resources: [
    {
      name: 'tag',
      fixed: { type: 'tag' },
      menu: { group: 'content', order: 50, icon: () => import('@mui/icons-material/LocalOfferOutlined') },
    },
    {
      name: 'category',
      fixed: { type: 'category' },
      menu: { group: 'content', order: 40, icon: () => import('@mui/icons-material/Category') },
    },
  ],
});
