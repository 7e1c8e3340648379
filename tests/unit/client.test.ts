/** The envelope client's mapping of replies to toasts (SPEC §7–§8), against a stand-in for the network. */

import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorApi } from '../../contract/api/authors';
import { contentApi } from '../../contract/api/content';
import { fileApi, uploadApi } from '../../contract/api/files';
import { settingsApi } from '../../contract/api/settings';
import { Code } from '../../contract/codes';
import { TIMEOUT } from '../../contract/constants';
import core from '../../i18n/zh-TW/core';
import { type ApiError, call } from '../../src/dataProvider/client';
import { setCurrentWords } from '../../src/i18n/currentWords';

const reply = (status: number, body: unknown) =>
  vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );

async function failureOf(fetchImpl: unknown): Promise<ApiError> {
  vi.stubGlobal('fetch', fetchImpl);
  try {
    await call(fileApi.list);
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('call did not fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('envelope client', () => {
  it('answers data on code 1 and posts JSON with the locale', async () => {
    const fetchImpl = reply(200, { code: 1, msg: '', data: { rows: [], total: 0 } });
    vi.stubGlobal('fetch', fetchImpl);
    await expect(call(fileApi.list, { query: {} })).resolves.toEqual({ rows: [], total: 0 });
    const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/file/list');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"query":{}}');
    expect((init.headers as Record<string, string>)['accept-language']).toBe('zh-TW');
  });

  it('calls member actions as the writer role', async () => {
    const fetchImpl = reply(200, { code: 1, msg: '', data: null });
    vi.stubGlobal('fetch', fetchImpl);
    await call(authorApi.mine);
    expect(fetchImpl.mock.calls[0][0]).toBe('/api/member/author?t=writer');
  });

  it('maps known codes to their message key, unknown ones to the server text', async () => {
    expect((await failureOf(reply(200, { code: 2001, msg: 'x', data: null }))).message).toBe('errors.2001');
    expect((await failureOf(reply(200, { code: 2006, msg: 'x', data: null }))).message).toBe('errors.2006');
    expect((await failureOf(reply(200, { code: 77777, msg: '伺服器說的話', data: null }))).message).toBe(
      '伺服器說的話',
    );
    expect((await failureOf(reply(200, { code: 77777, msg: '', data: null }))).message).toBe(
      'errors.generic',
    );
  });

  it("shows the server's text where the code's words take figures, and the site-busy code's own words", async () => {
    const zhTW = polyglotI18nProvider(() => core as unknown as TranslationMessages, 'zh-TW');
    setCurrentWords((key, args) => zhTW.translate(key, args));
    // 3340's words name how many are needed and left: only the server knows them.
    const quota = '本次發送需要 120 封，但方案每月 1000 封的額度僅剩 20 封。';
    expect((await failureOf(reply(200, { code: Code.EPAPER_QUOTA, msg: quota, data: null }))).message).toBe(
      quota,
    );
    expect(zhTW.translate('errors.3340')).toContain('%{needed}');
    // Words without figures stay the mapped ones (SPEC §8), whatever the server says.
    expect((await failureOf(reply(200, { code: 2001, msg: 'x', data: null }))).message).toBe('errors.2001');
    // A busy site is not "codes sent too often" (1006).
    const busy = await failureOf(reply(200, { code: Code.SITE_BUSY, msg: 'x', data: null }));
    expect(zhTW.translate(busy.message)).toBe('網站同時進行的工作太多，請稍候再試。');
  });

  it('hands field errors to forms', async () => {
    const err = await failureOf(
      reply(200, { code: Code.VALIDATION, msg: 'm', data: { errors: { name: '此欄位重複' } } }),
    );
    expect(err.body.errors).toEqual({ name: '此欄位重複' });
    expect(err.code).toBe(Code.VALIDATION);
  });

  it('keeps 403 silent, says 資源不存在 for 404 and passes 401 on for sign-out', async () => {
    expect((await failureOf(reply(403, { code: Code.FORBIDDEN, msg: 'no', data: null }))).message).toBe('');
    expect((await failureOf(reply(404, { code: Code.NOT_FOUND, msg: 'x', data: null }))).message).toBe(
      'errors.notFound',
    );
    const unauthorized = await failureOf(reply(401, { code: Code.UNAUTHORIZED, msg: 'x', data: null }));
    expect(unauthorized.status).toBe(401);
  });

  it("says 糟糕！發生錯誤 with the server's msg on 500, or the slow-network message when nothing sensible answers", async () => {
    const zhTW = polyglotI18nProvider(() => core as unknown as TranslationMessages, 'zh-TW');
    setCurrentWords((key, args) => zhTW.translate(key, args));
    expect((await failureOf(reply(500, { code: 0, msg: '資料庫暫時無法連線', data: null }))).message).toBe(
      '糟糕！發生錯誤：資料庫暫時無法連線',
    );
    // The server's own generic words (errors.0), or none: the words once, not twice.
    expect((await failureOf(reply(500, { code: 0, msg: '糟糕！發生錯誤', data: null }))).message).toBe(
      'errors.generic',
    );
    expect((await failureOf(reply(500, { code: 0, msg: '', data: null }))).message).toBe('errors.generic');
    expect((await failureOf(reply(502, '<html>bad gateway</html>'))).message).toBe('errors.slow');
    const offline = await failureOf(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(offline.message).toBe('errors.slow');
    expect(offline.status).toBe(0);
  });

  /** A call that nothing answers: settled (with its failure) once the client gives up. */
  function unanswered(start: () => Promise<unknown>) {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      ),
    );
    let failure: ApiError | undefined;
    start().catch((e: unknown) => {
      failure = e as ApiError;
    });
    return () => failure;
  }

  it('gives up after the default timeout', async () => {
    vi.useFakeTimers();
    const failure = unanswered(() => call(fileApi.list));
    await vi.advanceTimersByTimeAsync(TIMEOUT.default - 1);
    expect(failure()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(failure()?.message).toBe('errors.slow');
    vi.useRealTimers();
  });

  it("waits as long as the endpoint's own timeout", async () => {
    vi.useFakeTimers();
    const failure = unanswered(() => call(contentApi.publish, { id: 1, mode: 1 }, { query: { t: '1' } }));
    await vi.advanceTimersByTimeAsync(TIMEOUT.long - 1);
    expect(failure()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(failure()?.message).toBe('errors.slow');
    vi.useRealTimers();
  });

  it('gives the endpoints of SPEC §9 their timeouts', () => {
    expect(fileApi.list.timeout).toBeUndefined();
    expect(contentApi.publish.timeout).toBe(120_000);
    expect(contentApi.translate.timeout).toBe(120_000);
    expect(settingsApi.valid.timeout).toBe(20_000);
    for (const upload of Object.values(uploadApi)) expect(upload.timeout).toBe(30_000);
  });
});
