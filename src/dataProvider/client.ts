/**
 * The envelope client: the one way the SPA calls the API. POST /api/<path> with JSON, the endpoint's timeout
 * (SPEC §9), and every failure turned into an ApiError whose `message` is an i18n key (or the server's own text)
 * ready for a toast: the mapped code message (the server's text when the code's words take figures), 資源不存在 for 404, 糟糕！發生錯誤 with the server's msg for 500, the
 * slow-network message when nothing (or no envelope) answers.
 * 403 failures carry an empty message: they stay silent.
 */
import { Code, codeMessageKey } from '../../contract/codes';
import { I18N_VERSION_HEADER, TIMEOUT, WAIT_FOR_DATA } from '../../contract/constants';
import type { AnyEndpoint, BodyOf, ReplyOf } from '../../contract/endpoint';
import type { Envelope, FieldErrors } from '../../contract/envelope';
import { currentWords } from '../i18n/currentWords';
import { noteI18nVersion } from '../i18n/langPack';
import { storedLocale } from '../i18n/locale';

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when nothing answered. */
    readonly status: number,
    /** The envelope; `errors` holds field messages for forms (react-admin reads `body.errors`). */
    readonly body: { code: number; msg: string; data: unknown; errors?: FieldErrors },
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get code(): number {
    return this.body.code;
  }
}

export interface CallOptions {
  timeout?: number;
  signal?: AbortSignal;
  /** The query string, e.g. `{t: '1'}` for `press/list?t=1`. */
  query?: Record<string, string>;
}

/** The URL of an endpoint: `member/*` calls are made as the writer role (SPEC §7). */
export function urlFor(path: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(path.startsWith('member/') ? { t: 'writer', ...query } : query);
  const search = params.toString();
  return `/api/${path}${search ? `?${search}` : ''}`;
}

/**
 * SPEC §8's HTTP 500: 糟糕！發生錯誤 with the server's msg, composed here in the interface language (a toast shows a
 * message without arguments). A msg that is only those words again, or none, is the words alone.
 */
function serverFailure(msg: string): string {
  const generic = currentWords('errors.generic');
  if (generic === null) return msg || 'errors.generic';
  if (!msg || msg === generic || msg === currentWords(`errors.${Code.FAIL}`)) return 'errors.generic';
  return currentWords('errors.serverWithMsg', { msg }) ?? msg;
}

function failure(status: number, envelope: Envelope | null): ApiError {
  const body = envelope ?? { code: Code.FAIL, msg: '', data: null };
  if (status === 403) return new ApiError('', 403, body);
  if (status === 404) return new ApiError('errors.notFound', 404, body);
  if (!envelope) return new ApiError('errors.slow', status, body);
  if (status >= 500) return new ApiError(serverFailure(envelope.msg), status, body);
  if (envelope.code === Code.VALIDATION) {
    const errors = (envelope.data as { errors?: FieldErrors } | null)?.errors ?? {};
    return new ApiError(codeMessageKey(Code.VALIDATION) as string, status, { ...body, errors });
  }
  return new ApiError(codeMessage(envelope) ?? (envelope.msg || 'errors.generic'), status, body);
}

/**
 * What a toast shows for a failure's code (SPEC §8): the code's message key, or the server's text where the code's
 * words take the failure's figures (`%{limit}`, `%{date}`…), which only the server has filled in, in the language
 * this client asked for; undefined for a code this build does not know.
 */
export function codeMessage(envelope: { code: number; msg: string }): string | undefined {
  const key = codeMessageKey(envelope.code);
  if (key && envelope.msg && currentWords(key)?.includes('%{')) return envelope.msg;
  return key;
}

export { fetchWithin } from './fetchWithin';

const forbiddenListeners = new Set<() => void>();

/**
 * Runs `listener` whenever the server refuses a call (403): what the SPA believes the user may do is stale. Answers
 * a function that stops it.
 */
export function onForbidden(listener: () => void): () => void {
  forbiddenListeners.add(listener);
  return () => {
    forbiddenListeners.delete(listener);
  };
}

/** Calls an endpoint of the catalogue (contract/api): `call(authorApi.list, body)`, typed by its input and output. */
export async function call<E extends AnyEndpoint>(
  endpoint: E,
  body?: BodyOf<E>,
  opts: CallOptions = {},
): Promise<ReplyOf<E>> {
  const timeout = opts.timeout ?? endpoint.timeout ?? TIMEOUT.default;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  let response: Response;
  try {
    response = await fetch(urlFor(endpoint.path, opts.query), {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'accept-language': storedLocale() },
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
  } catch {
    throw new ApiError('errors.slow', 0, { code: Code.FAIL, msg: '', data: null });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  noteI18nVersion(response.headers?.get(I18N_VERSION_HEADER));
  let envelope: Envelope | null = null;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    envelope = null;
  }
  if (response.ok && envelope?.code === Code.OK) return envelope.data as ReplyOf<E>;
  if (response.status === 403) for (const listener of forbiddenListeners) listener();
  throw failure(response.status, envelope);
}

export interface WaitOptions {
  /** How many times `read` is asked (WAIT_FOR_DATA.tries). */
  tries?: number;
  /** The pause between two tries, in ms (WAIT_FOR_DATA.intervalMs). */
  intervalMs?: number;
  /** Stops waiting (answers code 0 at once). */
  signal?: AbortSignal;
}

/**
 * SPEC §7's app-level wait-for-data fallback: asks `read()` at once and then every 200 ms, 10 times in all, until it
 * answers something (not null or undefined; a throw counts as nothing yet). Answers an envelope as a call would:
 * `{code: 1, msg: '', data}` with what it read, or `{code: 0, msg: '', data: null}` when nothing came, so a screen
 * that waits for data fetched elsewhere (the session) shows a clear state instead of waiting for ever.
 */
export async function waitForData<T>(
  read: () => T | null | undefined | Promise<T | null | undefined>,
  { tries = WAIT_FOR_DATA.tries, intervalMs = WAIT_FOR_DATA.intervalMs, signal }: WaitOptions = {},
): Promise<Envelope<T | null>> {
  const none: Envelope<null> = { code: Code.FAIL, msg: '', data: null };
  for (let attempt = 1; attempt <= tries; attempt++) {
    if (signal?.aborted) return none;
    let value: T | null | undefined;
    try {
      value = await read();
    } catch {
      value = undefined;
    }
    if (value !== null && value !== undefined) return { code: Code.OK, msg: '', data: value };
    if (attempt < tries) {
      const waited = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', stop);
          resolve(true);
        }, intervalMs);
        const stop = () => {
          clearTimeout(timer);
          resolve(false);
        };
        signal?.addEventListener('abort', stop, { once: true });
      });
      if (!waited) return none;
    }
  }
  return none;
}
