/**
 * The video library's calls (issue 16): one video, its title, description and cover, and deleting it. Listing is
 * `video/list` (contract/api/files.ts); uploading is tus at VIDEO_UPLOAD_PATH (contract/videos.ts), outside the JSON
 * catalogue. The writer's calls: post.edit to change, post.view to read, post.delete to delete.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { f } from '../fields';
import { Video } from '../files';
import { IdInput, IdReply } from '../list';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { VIDEO_CONTENT_MAX, VIDEO_TITLE_MAX } from '../videos';

const perm = RESOURCE_PERMISSIONS.press;

const VideoSave = z.strictObject({
  id: f.id(),
  title: f.requiredText(VIDEO_TITLE_MAX),
  content: f.text(VIDEO_CONTENT_MAX),
  /** An image of the site's library (element/upload/image), or '' for none. */
  cover: f.linkOrEmpty(),
});
export type VideoSave = z.infer<typeof VideoSave>;

export const videoApi = {
  get: endpoint({
    path: 'video/get',
    input: IdInput,
    output: Video,
    access: 'site',
    permission: perm.list,
    summary: 'One video of the library, with its upload status and whether its file is still stored',
  }),
  save: endpoint({
    path: 'video/save',
    input: VideoSave,
    output: Video,
    access: 'site',
    permission: perm.edit,
    summary: "Changes a video's title, description and cover",
  }),
  delete: endpoint({
    path: 'video/delete',
    input: IdInput,
    output: IdReply,
    access: 'site',
    permission: perm.delete,
    summary: 'Deletes a video (or an unfinished upload) and its file',
  }),
};
