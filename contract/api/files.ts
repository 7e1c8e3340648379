/**
 * Uploads and the image library (SPEC §5, §7 Files). Image uploads and the library serve every screen with an image
 * field, so any of those screens' permissions will do (RESOURCE_PERMISSIONS.file); one's own avatar is open to every
 * staff member of the site, outside the library. Videos are the writer's (the video block).
 */
import { z } from 'zod';
import { TIMEOUT } from '../constants';
import { type AnyEndpoint, endpoint } from '../endpoint';
import { fileField, LibraryFile, type UploadKind, UploadReply, UploadUsage, Video } from '../files';
import { IdInput, IdReply, ListInput, listResult } from '../list';
import { RESOURCE_PERMISSIONS } from '../permissions';

const perm = RESOURCE_PERMISSIONS.file;
/** multipart/form-data with the file in field `file`. */
const Upload = z.strictObject({ file: fileField() });

export const fileApi = {
  uploadImage: endpoint({
    path: 'element/upload/image',
    input: Upload,
    output: UploadReply,
    access: 'site',
    permission: perm.create,
    multipart: true,
    timeout: TIMEOUT.upload,
    summary: "Adds an image to the site's library (scaled to fit, re-encoded)",
  }),
  uploadAvatar: endpoint({
    path: 'element/upload/avatar',
    input: Upload,
    output: UploadReply,
    access: 'site',
    multipart: true,
    timeout: TIMEOUT.upload,
    summary: "Stores the caller's own picture, outside the library (member/save_profile takes its path)",
  }),
  uploadFavicon: endpoint({
    path: 'element/upload/favicon',
    input: Upload,
    output: UploadReply,
    access: 'site',
    // The site's icon belongs to its general settings.
    permission: RESOURCE_PERMISSIONS.setting.edit,
    multipart: true,
    timeout: TIMEOUT.upload,
    summary: "Stores the site's icon (PNG or ICO)",
  }),
  list: endpoint({
    path: 'file/list',
    input: ListInput,
    output: listResult(LibraryFile),
    access: 'site',
    permission: perm.list,
    summary: "The site's image library",
  }),
  get: endpoint({
    path: 'file/get',
    input: IdInput,
    output: LibraryFile,
    access: 'site',
    permission: perm.list,
    summary: 'One picture of the library',
  }),
  delete: endpoint({
    path: 'file/delete',
    input: IdInput,
    output: IdReply,
    access: 'site',
    permission: perm.delete,
    summary: 'Deletes a picture from the library and the storage',
  }),
  usage: endpoint({
    path: 'file/usage',
    input: z.strictObject({}),
    output: UploadUsage,
    access: 'site',
    permission: perm.list,
    summary: "The site's stored uploads (pictures and videos) against its plan's upload total",
  }),
  videos: endpoint({
    path: 'video/list',
    input: ListInput,
    output: listResult(Video),
    access: 'site',
    permission: RESOURCE_PERMISSIONS.press.list,
    summary: "The site's uploaded videos, for the writer's video block",
  }),
};

/** The upload endpoints, by what they take (components/upload.ts). */
export const uploadApi = {
  image: fileApi.uploadImage,
  favicon: fileApi.uploadFavicon,
  avatar: fileApi.uploadAvatar,
} satisfies Record<UploadKind, AnyEndpoint>;
