/** `/api/intelligence/*`: the AI helper (contract/api/intelligence.ts). */
import { PassThrough } from 'node:stream';
import { intelligenceApi } from '../../../contract/api/intelligence';
import { Code } from '../../../contract/codes';
import { action } from '../../http/action';
import { AppError } from '../../http/errors';
import { t } from '../../i18n';
import { checkItem, suggest, usageOf } from './service';

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const intelligenceActions = [
  action({ ...intelligenceApi.slug, handler: (input, ctx) => suggest(ctx, { ...input, kind: 'slug' }) }),
  action({ ...intelligenceApi.tags, handler: (input, ctx) => suggest(ctx, { ...input, kind: 'tags' }) }),
  action({
    ...intelligenceApi.summary,
    handler: (input, ctx) => suggest(ctx, { ...input, kind: 'summary' }),
  }),
  action({
    ...intelligenceApi.suggest,
    handler: (input, ctx) =>
      suggest(ctx, { kind: input.type, content: input.value, lang_id: input.lang, id: input.id }),
  }),
  action({ ...intelligenceApi.status, handler: (_input, ctx) => usageOf(ctx) }),
  action({
    ...intelligenceApi.stream,
    handler: async (input, ctx) => {
      // Refusals known before anything streams are envelopes: an item of another site, no quota left.
      if (input.id !== undefined) await checkItem(ctx, input.id);
      if ((await usageOf(ctx)).remain <= 0) throw new AppError(Code.AI_QUOTA_USED_UP);
      const out = new PassThrough();
      const abort = new AbortController();
      ctx.reply.raw.on('close', () => abort.abort());
      ctx.reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no');
      suggest(ctx, input, (text) => out.write(sse('delta', { text })), abort.signal)
        .then((result) => out.end(sse('result', result)))
        .catch((err: unknown) => {
          const code = err instanceof AppError ? err.code : Code.FAIL;
          if (!(err instanceof AppError)) ctx.deps.log.error({ err }, 'AI stream failed');
          out.end(sse('error', { code, msg: t(ctx.lang, `errors.${code}`) }));
        });
      return out;
    },
  }),
];
