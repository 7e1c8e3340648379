/** The image upload field's checks and its reading of the upload reply (SPEC §5, §8). */
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../contract/files';
import { checkImageFile, readUploadReply } from '../../src/components/upload';
import type { ApiError } from '../../src/dataProvider/client';

const MB = 1024 * 1024;

function failureOf(status: number, text: string): ApiError {
  try {
    readUploadReply(status, text);
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('the reply was accepted');
}

describe('checkImageFile', () => {
  it('refuses 5 MB or more before sending anything (檔案大小超過限制)', () => {
    expect(IMAGE_MAX_BYTES).toBe(5 * MB);
    expect(checkImageFile({ size: 5 * MB, type: 'image/png' })).toBe('errors.3004');
    expect(checkImageFile({ size: 5 * MB - 1, type: 'image/png' })).toBeUndefined();
    expect(checkImageFile({ size: 2 * MB, type: 'image/jpeg' }, 2 * MB)).toBe('errors.3004');
  });

  it('takes only the image types the server stores', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(checkImageFile({ size: 10, type })).toBeUndefined();
    }
    expect(checkImageFile({ size: 10, type: 'image/svg+xml' })).toBe('imageUpload.notImage');
    expect(checkImageFile({ size: 10, type: 'application/pdf' })).toBe('imageUpload.notImage');
  });
});

describe('readUploadReply', () => {
  it('answers the stored file', () => {
    const data = { success: true, path: '/uploads/1/2026/11/a.webp', message: '', width: 8, height: 8 };
    expect(readUploadReply(200, JSON.stringify({ code: 1, msg: '', data }))).toEqual(data);
  });

  it('maps coded failures to their messages', () => {
    expect(failureOf(200, JSON.stringify({ code: 3004, msg: '檔案大小超過限制', data: null })).message).toBe(
      'errors.3004',
    );
    expect(failureOf(413, JSON.stringify({ code: 1003, msg: '', data: null })).message).toBe('errors.3004');
    expect(failureOf(401, JSON.stringify({ code: 1008, msg: '', data: null })).message).toBe('errors.1008');
  });

  it('falls back to 檔案上傳失敗。 for a reply it cannot read or a refused file', () => {
    expect(failureOf(502, '<html>').message).toBe('errors.3005');
    expect(
      failureOf(200, JSON.stringify({ code: 1, msg: '', data: { success: false, path: '', message: '' } }))
        .message,
    ).toBe('errors.3005');
    expect(failureOf(200, JSON.stringify({ code: 77777, msg: 'server words', data: null })).message).toBe(
      'server words',
    );
  });
});
