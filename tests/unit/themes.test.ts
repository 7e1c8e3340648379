/**
 * The theme screens' logic (src/custom/themes/themeLogic.ts): which zip may be sent, what an upload's reply says
 * (the server's message on success and on failure, several files listed), a manifest word in the interface
 * language; and the theme upload going through the one upload client to theme/upload.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../contract/codes';
import { THEME_ZIP_MAX_BYTES } from '../../contract/themes';
import zhTW from '../../i18n/zh-TW';
import { formatBytes } from '../../src/components/bytes';
import { uploadTheme } from '../../src/custom/themes/api';
import {
  checkThemeZip,
  chosenVersionWords,
  mayDeleteTheme,
  readThemeUploadReply,
  themeWord,
} from '../../src/custom/themes/themeLogic';
import type { ApiError } from '../../src/dataProvider/client';

const accepted = {
  success: true,
  path: '',
  message: '已上傳主題 Theme B 1.0.0',
  id: 3,
  seq: 1,
  version: '1.0.0',
};

function failureOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('the reply did not fail');
}

describe('checkThemeZip', () => {
  it('takes a .zip up to 20 MB and refuses anything else before sending', () => {
    expect(checkThemeZip({ name: 'theme.zip', size: 1000 })).toBeUndefined();
    expect(checkThemeZip({ name: 'THEME.ZIP', size: THEME_ZIP_MAX_BYTES })).toBeUndefined();
    expect(checkThemeZip({ name: 'theme.zip', size: THEME_ZIP_MAX_BYTES + 1 })).toBe('errors.3004');
    expect(checkThemeZip({ name: 'theme.tar.gz', size: 10 })).toBe('themes.upload.notZip');
    expect(checkThemeZip({ name: 'zip', size: 10 })).toBe('themes.upload.notZip');
  });
});

describe('readThemeUploadReply', () => {
  it('answers the new version on success, with the server message', () => {
    expect(readThemeUploadReply(200, JSON.stringify({ code: Code.OK, msg: '', data: accepted }))).toEqual(
      accepted,
    );
  });

  it('lists every file the server names on a validation failure, one a line', () => {
    const reply = {
      code: Code.VALIDATION,
      msg: '輸入資料有誤',
      data: {
        errors: { 'templates/index.liquid': 'index.liquid 第 3 行：語法錯誤', theme: '缺少 theme.json' },
      },
    };
    const err = failureOf(() => readThemeUploadReply(200, JSON.stringify(reply)));
    expect(err.message).toBe('index.liquid 第 3 行：語法錯誤\n缺少 theme.json');
    expect(err.code).toBe(Code.VALIDATION);
  });

  it("shows the server's own message when it carries no field errors", () => {
    const inMsg = { code: Code.VALIDATION, msg: '../evil.liquid：路徑超出主題資料夾', data: null };
    expect(failureOf(() => readThemeUploadReply(200, JSON.stringify(inMsg))).message).toBe(
      '../evil.liquid：路徑超出主題資料夾',
    );
    const inData = {
      code: Code.OK,
      msg: '',
      data: { ...accepted, success: false, message: 'a.php：不允許的檔案類型' },
    };
    expect(failureOf(() => readThemeUploadReply(200, JSON.stringify(inData))).message).toBe(
      'a.php：不允許的檔案類型',
    );
  });

  it('maps transport failures to the usual messages', () => {
    expect(failureOf(() => readThemeUploadReply(413, '')).message).toBe('errors.3004');
    expect(failureOf(() => readThemeUploadReply(401, '')).message).toBe('errors.1008');
    expect(failureOf(() => readThemeUploadReply(500, 'not json')).message).toBe('errors.3005');
  });
});

describe('themeWord', () => {
  it('reads a word in the interface language, falling back to zh-TW, en, ja', () => {
    expect(themeWord('Accent', 'ja')).toBe('Accent');
    expect(themeWord({ 'zh-TW': '主色', en: 'Accent', ja: 'アクセント' }, 'ja')).toBe('アクセント');
    expect(themeWord({ 'zh-TW': '主色', en: 'Accent' }, 'ja')).toBe('主色');
    expect(themeWord({ en: 'Accent' }, 'zh-TW')).toBe('Accent');
    expect(themeWord({}, 'en')).toBe('');
    expect(themeWord(undefined, 'en')).toBe('');
  });
});

describe('list helpers', () => {
  it('writes sizes people read and never offers to delete the built-in or applied theme', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(4_718_592)).toBe('4.5 MB');
    expect(mayDeleteTheme({ builtin: true, applied: false })).toBe(false);
    expect(mayDeleteTheme({ builtin: false, applied: true })).toBe(false);
    expect(mayDeleteTheme({ builtin: false, applied: false })).toBe(true);
  });

  it('calls the chosen version "in use" only on the applied theme', () => {
    const word = (key: string) =>
      key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], zhTW);
    const applied = chosenVersionWords({ applied: true });
    expect([word(applied.tag), word(applied.done)]).toEqual(['使用中的版本', '已啟用版本 %{version}']);
    const other = chosenVersionWords({ applied: false });
    expect([word(other.tag), word(other.done)]).toEqual([
      '套用時使用的版本',
      '套用這個主題時將使用版本 %{version}',
    ]);
  });
});

class FakeXhr {
  static last: FakeXhr;
  url = '';
  timeout = 0;
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  abort() {}
}

describe('uploadTheme', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('localStorage', {
      getItem: () => 'zh-TW',
      setItem: () => undefined,
      removeItem: () => undefined,
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the zip as field `file` to theme/upload with the upload timeout and reads the theme reply', async () => {
    const zip = new File([new Uint8Array(100)], 'theme-b.zip', { type: 'application/zip' });
    const done = uploadTheme(zip);
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/theme/upload');
    expect(xhr.timeout).toBe(30_000);
    expect((xhr.body?.get('file') as File | undefined)?.name).toBe('theme-b.zip');
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ code: Code.OK, msg: '', data: { ...accepted, path: '' } });
    xhr.onload?.();
    await expect(done).resolves.toMatchObject({ id: 3, seq: 1, version: '1.0.0' });
  });
});
