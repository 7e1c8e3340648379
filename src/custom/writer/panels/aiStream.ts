/**
 * The AI helper's calls from the writer: the month's usage (envelope), and a suggestion read as server-sent events
 * (intelligenceApi.stream): `delta` events give the suggestion's text as it grows, then `result` or `error`. A refusal
 * before the stream starts (quota used up, validation, permission) is an ordinary envelope, mapped as `call` maps it.
 */
import { intelligenceApi } from '../../../../contract/api/intelligence';
import { Code, codeMessageKey } from '../../../../contract/codes';
import { TIMEOUT } from '../../../../contract/constants';
import type { AiStreamInput, AiSuggestion } from '../../../../contract/intelligence';
import { ApiError, call, urlFor } from '../../../dataProvider/client';
import { storedLocale } from '../../../i18n/locale';

export const aiStatus = () => call(intelligenceApi.status, {});

const fail = (code: number, msg = '') =>
  new ApiError(codeMessageKey(code) ?? (msg || 'errors.generic'), 0, { code, msg, data: null });

/** Asks for a suggestion, calling `onDelta` with its text as it streams; answers the final suggestion. */
export async function askStreamed(
  body: AiStreamInput,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<AiSuggestion> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), intelligenceApi.stream.timeout ?? TIMEOUT.long);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    let response: Response;
    try {
      response = await fetch(urlFor(intelligenceApi.stream.path), {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'accept-language': storedLocale() },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch {
      throw new ApiError('errors.slow', 0, { code: Code.FAIL, msg: '', data: null });
    }
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
      // A refusal: the envelope, as the envelope client would read it.
      const envelope = await response.json().catch(() => null);
      const code = envelope?.code ?? Code.FAIL;
      throw new ApiError(
        code === Code.VALIDATION
          ? (codeMessageKey(code) as string)
          : (codeMessageKey(code) ?? 'errors.generic'),
        response.status,
        { code, msg: envelope?.msg ?? '', data: envelope?.data ?? null, errors: envelope?.data?.errors },
      );
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const event = block.match(/^event: (\w+)/)?.[1];
        const data = block.slice(block.indexOf('\ndata: ') + 7);
        if (event === 'delta') onDelta((JSON.parse(data) as { text: string }).text);
        else if (event === 'result') return JSON.parse(data) as AiSuggestion;
        else if (event === 'error') {
          const e = JSON.parse(data) as { code: number; msg: string };
          throw fail(e.code, e.msg);
        }
      }
    }
    throw fail(Code.AI_PROVIDER_FAILED);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('errors.slow', 0, { code: Code.FAIL, msg: '', data: null });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
