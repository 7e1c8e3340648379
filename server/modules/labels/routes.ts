/**
 * `/api/label/*`: tags and categories with their languages; `tag/all` and `press/save_tag` for the writer. A label's
 * count is of the items the caller sees.
 */
import { z } from 'zod';
import { TagSave } from '../../../contract/content';
import { LabelIndex, LabelRef, LabelSave, LabelSearch } from '../../../contract/labels';
import { RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { action } from '../../http/action';
import { forbidden } from '../../http/errors';
import { seenBy, viewerOf } from '../content/scope';
import * as labels from './service';

const perm = RESOURCE_PERMISSIONS.label;
const tagPerm = RESOURCE_PERMISSIONS.tag;

export const labelActions = [
  action({
    path: 'label/index',
    input: LabelIndex,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) =>
      labels.listLabels(ctx.deps.db, ctx.site.id, input.type, input.query, seenBy(viewerOf(ctx))),
  }),
  action({
    path: 'label/show',
    input: LabelRef,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) =>
      labels.getLabel(ctx.deps.db, ctx.site.id, input.type, input.id, seenBy(viewerOf(ctx))),
  }),
  action({
    path: 'label/save',
    input: LabelSave,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) => {
      // One action creates (id 0) and edits: creating also needs the create permission.
      if (input.id === 0 && !ctx.site.permissions.has(perm.create)) throw forbidden();
      return labels.saveLabel(ctx.deps, ctx.site.id, input, seenBy(viewerOf(ctx)));
    },
  }),
  action({
    path: 'label/delete',
    input: LabelRef,
    access: 'site',
    permission: perm.delete,
    handler: (input, ctx) => labels.deleteLabel(ctx.deps.db, ctx.site.id, input.type, input.id),
  }),
  action({
    path: 'label/search',
    input: LabelSearch,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => labels.searchLabels(ctx.deps.db, ctx.site.id, input.type, input.keyword),
  }),
  action({
    path: 'tag/all',
    input: z.strictObject({}),
    access: 'site',
    permission: tagPerm.list,
    handler: (_input, ctx) => labels.allTags(ctx.deps.db, ctx.site.id),
  }),
  action({
    path: 'press/save_tag',
    input: TagSave,
    access: 'site',
    permission: tagPerm.create,
    handler: (input, ctx) => labels.saveTag(ctx.deps.db, ctx.site.id, input.name),
  }),
];
