/** `/api/intelligence/*`: the AI helper (contract/api/intelligence.ts). */
import { PassThrough } from 'node:stream';
import { intelligenceApi } from '../../../contract/api/intelligence';
import { Code } from '../../../contract/codes';
import { action } from '../../http/action';
import { AppError } from '../../http/errors';
import { t } from '../../i18n';
import { sourceOf, suggest, usageOf } from './service';

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

// A suggestion waits on the AI provider: `outside`, not in one of the site's turns (http/siteTurns.ts).
export const intelligenceActions = [
  action({
    ...intelligenceApi.slug,
    outside: true,
    handler: async (input, ctx) => suggest(ctx, await sourceOf(ctx, { ...input, kind: 'slug' })),
  }),
  action({
    ...intelligenceApi.tags,
    outside: true,
    handler: async (input, ctx) => suggest(ctx, await sourceOf(ctx, { ...input, kind: 'tags' })),
  }),
  action({
    ...intelligenceApi.summary,
    outside: true,
    handler: async (input, ctx) => suggest(ctx, await sourceOf(ctx, { ...input, kind: 'summary' })),
  }),
  action({
    ...intelligenceApi.suggest,
    outside: true,
    handler: async (input, ctx) =>
      suggest(
        ctx,
        await sourceOf(ctx, { kind: input.type, content: input.value, lang_id: input.lang, id: input.id }),
      ),
  }),
  action({ ...intelligenceApi.status, handler: (_input, ctx) => usageOf(ctx) }),
  action({
    ...intelligenceApi.stream,
    handler: async (input, ctx) => {
      // Refusals known before anything streams are envelopes: an item out of sight, no quota left.
      const source = await sourceOf(ctx, input);
      if ((await usageOf(ctx)).remain <= 0) throw new AppError(Code.AI_QUOTA_USED_UP);
      const out = new PassThrough();
      const abort = new AbortController();
      ctx.reply.raw.on('close', () => abort.abort());
      ctx.reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no');
      suggest(ctx, source, (text) => out.write(sse('delta', { text })), abort.signal)
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
