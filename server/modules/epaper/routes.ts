/** `/api/epaper/*`: the e-paper send screen (contract/api/epaperSend.ts). */
import { epaperSendApi } from '../../../contract/api/epaperSend';
import { action } from '../../http/action';
import { audienceOf, cancel, progress, send, tagsOf, testSend } from './service';

export const epaperActions = [
  action({ ...epaperSendApi.audience, handler: (input, ctx) => audienceOf(ctx, input) }),
  action({ ...epaperSendApi.tags, handler: (_input, ctx) => tagsOf(ctx) }),
  action({ ...epaperSendApi.testSend, handler: (input, ctx) => testSend(ctx, input.id) }),
  action({ ...epaperSendApi.send, handler: (input, ctx) => send(ctx, input) }),
  action({ ...epaperSendApi.progress, handler: (input, ctx) => progress(ctx, input.id) }),
  action({ ...epaperSendApi.cancel, handler: (input, ctx) => cancel(ctx, input.id) }),
];
