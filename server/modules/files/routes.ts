/**
 * `/api/element/upload/*` and the image library `/api/file/*` (contract/api/files.ts; its `/api/video/list` is served
 * by videos/routes.ts).
 */
import { fileApi } from '../../../contract/api/files';
import { action } from '../../http/action';
import { uploadUsage } from './quota';
import * as files from './service';

export const fileActions = [
  action({
    ...fileApi.uploadImage,
    handler: (input, ctx) => files.uploadImage(ctx.deps, ctx.site.id, ctx.user.id, input.file),
  }),
  action({
    ...fileApi.uploadAvatar,
    handler: (input, ctx) => files.uploadImage(ctx.deps, ctx.site.id, ctx.user.id, input.file, 'avatar'),
  }),
  action({
    ...fileApi.uploadFavicon,
    handler: (input, ctx) => files.uploadFavicon(ctx.deps, ctx.site.id, ctx.user.id, input.file),
  }),
  action({
    ...fileApi.list,
    handler: (input, ctx) => files.listFiles(ctx.deps, ctx.site.id, input.query),
  }),
  action({
    ...fileApi.get,
    handler: (input, ctx) => files.getFile(ctx.deps, ctx.site.id, input.id),
  }),
  action({
    ...fileApi.delete,
    handler: (input, ctx) => files.deleteFile(ctx.deps, ctx.site.id, input.id),
  }),
  action({
    ...fileApi.usage,
    handler: (_input, ctx) => uploadUsage(ctx.deps.db, ctx.site.id),
  }),
];
