/** The member screens' failure words (src/resources/member/api.ts): what the import dialog shows for a refusal. */
import { describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { ApiError } from '../../src/dataProvider/client';
import { failureMessage } from '../../src/resources/member/api';

describe('failureMessage', () => {
  it('shows a field refusal’s own words (the CSV line holding a NUL), not the generic 1001', () => {
    const refused = new ApiError('errors.codes.1001', 200, {
      code: Code.VALIDATION,
      msg: '輸入的資料有誤，請檢查標示的欄位。',
      data: { errors: { file: '第 3 列含有 NUL 字元，無法匯入，請移除後再試。' } },
    });
    expect(failureMessage(refused)).toBe('第 3 列含有 NUL 字元，無法匯入，請移除後再試。');
  });

  it('keeps the envelope’s words for other codes, and nothing for 403', () => {
    const limit = new ApiError('x', 200, { code: 3304, msg: '超過上限', data: { used: 1 } });
    expect(failureMessage(limit)).toBe('超過上限');
    expect(failureMessage(new ApiError('', 403, { code: Code.FORBIDDEN, msg: 'no', data: null }))).toBe('');
  });
});
