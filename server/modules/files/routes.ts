/** `/api/element/upload/*` and `/api/video/list`: uploads. */
import { z } from 'zod';
import { ListInput } from '../../../contract/list';
import { RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { action } from '../../http/action';
import { fileField } from '../../http/multipart';
import * as files from './service';

const perm = RESOURCE_PERMISSIONS.file;

export const fileActions = [
  action({
    path: 'element/upload/image',
    input: z.strictObject({ file: fileField() }),
    access: 'site',
    permission: perm.create,
    multipart: true,
    handler: (input, ctx) => files.uploadImage(ctx.deps, ctx.site.id, ctx.user.id, input.file),
  }),
  action({
    path: 'video/list',
    input: ListInput,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => files.listVideos(ctx.deps, ctx.site.id, input.query),
  }),
];
