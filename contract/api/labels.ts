/**
 * The label entity's endpoints (contract/entities/label.ts: tags and categories, told apart by `type`), a search by
 * name, and the writer's tags: all of them for its picker, and a new one by name.
 */
import { z } from 'zod';
import { Named, TagSave } from '../content';
import { endpoint } from '../endpoint';
import { label } from '../entities/label';
import { f } from '../fields';
import { LabelFlatEdit, LabelType, TagBrief } from '../labels';
import { RESOURCE_PERMISSIONS } from '../permissions';

export const labelApi = {
  ...label.api,
  /** SPEC §7 names `label/edit` beside `label/save`: it takes the save's body or the flat one-language body. */
  edit: endpoint({
    path: 'label/edit',
    input: z.union([LabelFlatEdit, label.save]),
    output: label.record,
    access: 'site',
    permission: label.permissions.edit,
    createPermission: label.permissions.create,
    summary:
      "Adds (id 0) or changes a label: label/save's body, or SPEC's flat {id, slug, cover, title, lang_id, type} for one language",
  }),
  search: endpoint({
    path: 'label/search',
    input: z.strictObject({ type: LabelType, keyword: f.keyword() }),
    output: z.array(Named),
    access: 'site',
    permission: RESOURCE_PERMISSIONS.label.list,
    summary: 'Up to 20 labels whose name holds the keyword, shortest first',
  }),
};

export const tagApi = {
  all: endpoint({
    path: 'tag/all',
    input: z.strictObject({}),
    output: z.array(TagBrief),
    access: 'site',
    permission: RESOURCE_PERMISSIONS.tag.list,
    summary: "Every tag of the site, for the writer's picker",
  }),
  save: endpoint({
    path: 'press/save_tag',
    input: TagSave,
    output: TagBrief,
    access: 'site',
    permission: RESOURCE_PERMISSIONS.tag.create,
    summary: 'A new tag by name; an existing one of that name (any case) is answered as it is',
  }),
};
