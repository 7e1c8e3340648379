/** `/api/author/*` and `member/author`: bylines. */

import { z } from 'zod';
import { AuthorSave } from '../../../contract/authors';
import { IdInput, ListInput } from '../../../contract/list';
import { RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { action } from '../../http/action';
import { forbidden } from '../../http/errors';
import * as authors from './service';

const perm = RESOURCE_PERMISSIONS.author;

export const authorActions = [
  action({
    path: 'author/list',
    input: ListInput,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => authors.listAuthors(ctx.deps.db, ctx.site.id, input.query),
  }),
  action({
    path: 'author/get',
    input: IdInput,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => authors.getAuthor(ctx.deps.db, ctx.site.id, input.id),
  }),
  action({
    path: 'author/save',
    input: AuthorSave,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) => {
      // One action creates (id 0) and edits: creating also needs the create permission.
      if (input.id === 0 && !ctx.site.permissions.has(perm.create)) throw forbidden();
      return authors.saveAuthor(ctx.deps, ctx.site.id, input);
    },
  }),
  action({
    path: 'author/delete',
    input: IdInput,
    access: 'site',
    permission: perm.delete,
    handler: (input, ctx) => authors.deleteAuthor(ctx.deps.db, ctx.site.id, input.id),
  }),
  action({
    path: 'member/author',
    input: z.strictObject({}),
    access: 'site',
    permission: perm.list,
    handler: (_input, ctx) => authors.authorOfUser(ctx.deps.db, ctx.site.id, ctx.user),
  }),
];
