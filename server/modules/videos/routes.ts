/**
 * The video library's actions (contract/api/videos.ts, and its list `/api/video/list` of contract/api/files.ts); the
 * upload itself is tus (tus.ts).
 */
import { fileApi } from '../../../contract/api/files';
import { videoApi } from '../../../contract/api/videos';
import { action } from '../../http/action';
import * as service from './service';

export const videoActions = [
  action({
    ...fileApi.videos,
    handler: (input, ctx) => service.listVideos(ctx.deps, ctx.site.id, input.query),
  }),
  action({ ...videoApi.get, handler: (input, ctx) => service.getVideo(ctx.deps, ctx.site.id, input.id) }),
  action({ ...videoApi.save, handler: (input, ctx) => service.saveVideo(ctx.deps, ctx.site.id, input) }),
  action({
    ...videoApi.delete,
    handler: (input, ctx) => service.deleteVideo(ctx.deps, ctx.site.id, input.id),
  }),
];
