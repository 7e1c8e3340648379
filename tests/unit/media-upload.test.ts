/**
 * The one upload client (src/components/upload.ts) against a stand-in XMLHttpRequest: what it sends, the progress it
 * reports from the upload's own events, and how replies and failures become messages; the favicon checks; and the
 * media addresses of SPEC §2 (fileRoutes.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../contract/codes';
import { FAVICON_MAX_BYTES } from '../../contract/files';
import { checkFaviconFile, percentOf, uploadFile } from '../../src/components/upload';
import type { ApiError } from '../../src/dataProvider/client';
import { parseFileRoute } from '../../src/resources/file/fileRoutes';

type Handler = ((e: ProgressEvent) => void) | null;

/** Records the request; the test plays the network's part through its handlers. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  timeout = 0;
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.({} as ProgressEvent);
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.({} as ProgressEvent);
  }
}

const stored = { success: true, path: '/uploads/1/2026/11/a.png', message: '', width: 10, height: 10 };
const picture = () => new File([new Uint8Array(1000)], 'photo.png', { type: 'image/png' });

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('the upload did not fail');
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('localStorage', {
    getItem: () => 'ja',
    setItem: () => undefined,
    removeItem: () => undefined,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadFile', () => {
  it('posts the file as multipart field `file` with credentials, the locale and the upload timeout', async () => {
    const done = uploadFile(picture());
    const xhr = FakeXhr.last;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/element/upload/image', withCredentials: true });
    expect(xhr.timeout).toBe(30_000);
    expect(xhr.headers['accept-language']).toBe('ja');
    const sent = (xhr.body as FormData).get('file') as File;
    expect(sent.name).toBe('photo.png');
    expect(sent.size).toBe(1000);
    xhr.answer(200, { code: 1, msg: '', data: stored });
    await expect(done).resolves.toEqual(stored);
  });

  it('sends a favicon to its own action, and names a nameless blob', async () => {
    const done = uploadFile(new Blob([new Uint8Array(4)], { type: 'image/png' }), {
      kind: 'favicon',
      name: 'icon.png',
    });
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/element/upload/favicon');
    expect(((xhr.body as FormData).get('file') as File).name).toBe('icon.png');
    xhr.answer(200, { code: 1, msg: '', data: stored });
    await done;
  });

  it('reports progress from the upload events, rising only, and ignores unknown totals', async () => {
    const seen: number[] = [];
    const done = uploadFile(picture(), { onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last;
    xhr.progress(0, 1000, false);
    xhr.progress(250, 1000);
    xhr.progress(249, 1000);
    xhr.progress(500, 0);
    xhr.progress(501, 1000);
    xhr.progress(1000, 1000);
    xhr.answer(200, { code: 1, msg: '', data: stored });
    await done;
    expect(seen).toEqual([25, 50, 100]);
  });

  it('maps failures as the envelope client does: coded messages, 413, unreadable replies, no answer', async () => {
    let done = uploadFile(picture());
    FakeXhr.last.answer(200, { code: Code.FILE_TOO_LARGE, msg: '檔案大小超過限制', data: null });
    expect((await failureOf(done)).message).toBe('errors.3004');

    done = uploadFile(picture());
    FakeXhr.last.answer(200, { code: Code.FAVICON_INVALID, msg: '…', data: null });
    expect((await failureOf(done)).message).toBe('errors.3150');

    done = uploadFile(picture());
    FakeXhr.last.answer(413, '');
    expect((await failureOf(done)).message).toBe('errors.3004');

    done = uploadFile(picture());
    FakeXhr.last.answer(502, '<html>bad gateway</html>');
    const bad = await failureOf(done);
    expect(bad.message).toBe('errors.3005');
    expect(bad.status).toBe(502);

    done = uploadFile(picture());
    FakeXhr.last.onerror?.({} as ProgressEvent);
    const offline = await failureOf(done);
    expect(offline).toMatchObject({ message: 'errors.slow', status: 0 });

    done = uploadFile(picture());
    FakeXhr.last.ontimeout?.({} as ProgressEvent);
    expect((await failureOf(done)).message).toBe('errors.slow');
  });

  it('stops when its signal aborts, with an AbortError', async () => {
    const controller = new AbortController();
    const done = uploadFile(picture(), { signal: controller.signal });
    const xhr = FakeXhr.last;
    controller.abort();
    expect(xhr.aborted).toBe(true);
    expect((await failureOf(done)).name).toBe('AbortError');

    const before = FakeXhr.last;
    await expect(uploadFile(picture(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    // An already aborted upload sends nothing.
    expect(FakeXhr.last).toBe(before);
  });

  it('computes percents', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 4)).toBe(100);
    expect(percentOf(1, 0)).toBeUndefined();
    expect(percentOf(1, 2, false)).toBeUndefined();
  });
});

describe('checkFaviconFile', () => {
  it('takes PNG and ICO (also an .ico without a type) up to 1 MB', () => {
    expect(checkFaviconFile({ size: 100, type: 'image/png' })).toBeUndefined();
    expect(checkFaviconFile({ size: 100, type: 'image/x-icon' })).toBeUndefined();
    expect(checkFaviconFile({ size: 100, type: 'image/vnd.microsoft.icon' })).toBeUndefined();
    expect(checkFaviconFile({ size: 100, type: '', name: 'FAVICON.ICO' })).toBeUndefined();
    expect(checkFaviconFile({ size: FAVICON_MAX_BYTES, type: 'image/png' })).toBeUndefined();
    expect(checkFaviconFile({ size: FAVICON_MAX_BYTES + 1, type: 'image/png' })).toBe('errors.3004');
  });

  it('refuses SVG and other pictures', () => {
    for (const type of ['image/svg+xml', 'image/jpeg', 'image/gif', 'text/html']) {
      expect(checkFaviconFile({ size: 10, type, name: 'x' })).toBe('files.favicon.notIcon');
    }
    expect(checkFaviconFile({ size: 10, type: '', name: 'icon.svg' })).toBe('files.favicon.notIcon');
  });
});

describe('media addresses (SPEC §2)', () => {
  it('shows the library at /file and /file/image', () => {
    for (const rest of [undefined, '', 'image', 'image/']) {
      expect(parseFileRoute(rest)).toEqual({ screen: 'library' });
    }
  });

  it('opens a preview for /file/image/{kid}, /{id}/{action} and /{kid}/{id}/{action}', () => {
    expect(parseFileRoute('image/12')).toEqual({ screen: 'preview', id: 12 });
    expect(parseFileRoute('image/12/edit')).toEqual({ screen: 'preview', id: 12 });
    expect(parseFileRoute('image/3/12/preview')).toEqual({ screen: 'preview', id: 12 });
  });

  it('finds nothing at other types and shapes', () => {
    for (const rest of [
      'video',
      'video/1',
      'image/abc',
      'image/-1',
      'image/99999999999',
      'image/x/12/edit',
      'image/1/2/3/4',
    ]) {
      expect(parseFileRoute(rest), rest).toEqual({ screen: 'notFound' });
    }
  });
});
