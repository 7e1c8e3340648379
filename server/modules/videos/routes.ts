/** The video library's actions (contract/api/videos.ts); the upload itself is tus (tus.ts). */
import { videoApi } from '../../../contract/api/videos';
import { action } from '../../http/action';
import * as service from './service';

export const videoActions = [
  action({ ...videoApi.get, handler: (input, ctx) => service.getVideo(ctx.deps, ctx.site.id, input.id) }),
  action({ ...videoApi.save, handler: (input, ctx) => service.saveVideo(ctx.deps, ctx.site.id, input) }),
  action({
    ...videoApi.delete,
    handler: (input, ctx) => service.deleteVideo(ctx.deps, ctx.site.id, input.id),
  }),
];
