/**
 * `/api/element/upload/*`, the image library `/api/file/*` and `/api/video/list`. Image uploads and the library
 * serve every screen with an image field, so any of those screens' permissions will do (RESOURCE_PERMISSIONS.file);
 * one's own avatar is open to every staff member of the site, outside the library.
 */
import { z } from 'zod';
import { IdInput, ListInput } from '../../../contract/list';
import { RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { action } from '../../http/action';
import { fileField } from '../../http/multipart';
import * as files from './service';

const perm = RESOURCE_PERMISSIONS.file;
const upload = z.strictObject({ file: fileField() });

export const fileActions = [
  action({
    path: 'element/upload/image',
    input: upload,
    access: 'site',
    permission: perm.create,
    multipart: true,
    handler: (input, ctx) => files.uploadImage(ctx.deps, ctx.site.id, ctx.user.id, input.file),
  }),
  action({
    // The caller's own picture (member/save_profile takes its path): no permission, and not in the library.
    path: 'element/upload/avatar',
    input: upload,
    access: 'site',
    multipart: true,
    handler: (input, ctx) => files.uploadImage(ctx.deps, ctx.site.id, ctx.user.id, input.file, 'avatar'),
  }),
  action({
    // The site's icon belongs to its general settings.
    path: 'element/upload/favicon',
    input: upload,
    access: 'site',
    permission: RESOURCE_PERMISSIONS.setting.edit,
    multipart: true,
    handler: (input, ctx) => files.uploadFavicon(ctx.deps, ctx.site.id, ctx.user.id, input.file),
  }),
  action({
    path: 'file/list',
    input: ListInput,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => files.listFiles(ctx.deps, ctx.site.id, input.query),
  }),
  action({
    path: 'file/get',
    input: IdInput,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => files.getFile(ctx.deps, ctx.site.id, input.id),
  }),
  action({
    path: 'file/delete',
    input: IdInput,
    access: 'site',
    permission: perm.delete,
    handler: (input, ctx) => files.deleteFile(ctx.deps, ctx.site.id, input.id),
  }),
  action({
    // Videos are the writer's (the video block).
    path: 'video/list',
    input: ListInput,
    access: 'site',
    permission: RESOURCE_PERMISSIONS.press.list,
    handler: (input, ctx) => files.listVideos(ctx.deps, ctx.site.id, input.query),
  }),
];
