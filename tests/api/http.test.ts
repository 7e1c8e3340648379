import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { createTestApp, OWNER, type TestApp } from '../fixtures/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/member/login',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe('bad input never crashes the server', () => {
  it('answers broken JSON with an envelope', async () => {
    const res = await post('{"account": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, data: null });
  });

  it('answers a huge body with 413', async () => {
    const res = await post(JSON.stringify({ account: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(Code.TOO_LARGE);
  });

  it('names wrong types and unknown fields per field', async () => {
    // The bot check is looked at first, so the fields get their answers with a solved one.
    const token = await t.client().captcha();
    const res = await post(JSON.stringify({ account: 42, password: ['x'], token, admin: true }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(Code.VALIDATION);
    expect(body.data.errors).toEqual({ account: '格式錯誤', password: '格式錯誤', admin: '不接受的欄位' });
  });

  it('refuses a deeply nested body without walking it', async () => {
    for (const depth of [40, 20_000]) {
      const res = await post(`${'['.repeat(depth)}${']'.repeat(depth)}`.replace(/^/, '{"a":').concat('}'));
      expect(res.statusCode, `depth ${depth}`).toBe(400);
      expect(res.json().code).toBe(Code.BAD_REQUEST);
    }
    // A body within the limit still gets its per-field answer.
    const token = await t.client().captcha();
    const shallow = await post(JSON.stringify({ account: [[['x']]], password: 'x', token }));
    expect(shallow.json().data.errors.account).toBe('格式錯誤');
  });

  it('answers a body that is not an object', async () => {
    for (const payload of ['[]', '"text"', 'null', '12']) {
      const res = await post(payload);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().code).not.toBe(Code.OK);
    }
  });

  it('answers a wrong content type', async () => {
    const res = await post('account=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toBe(Code.BAD_REQUEST);
  });

  it('answers an unknown action with 404 in an envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing/here', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: Code.NOT_FOUND, msg: '資源不存在' });
  });
});

describe('origin check', () => {
  it('refuses a state-changing call from a foreign origin', async () => {
    const c = t.client({ origin: 'https://evil.example' });
    const r = await c.call('member/login', {
      account: OWNER.email,
      password: OWNER.password,
      token: await c.captcha(),
    });
    expect(r.status).toBe(403);
    expect(r.code).toBe(Code.FORBIDDEN);
  });

  it('refuses a cross-site fetch without an Origin header', async () => {
    const r = await t.client().call('member/logout', {}, { 'sec-fetch-site': 'cross-site' });
    expect(r.status).toBe(403);
  });

  it('accepts the app own origin', async () => {
    // Only the admin's own host names reach the API (any other host is a public site's: server/siteHost.ts).
    for (const [origin, host] of [
      ['http://localhost:8080', 'localhost:8080'],
      ['https://127.0.0.1', '127.0.0.1'],
      ['http://127.0.0.1', '127.0.0.1:80'],
    ]) {
      const r = await t.client({ origin }).call('member/status', {}, { host });
      expect(r.code).toBe(1);
    }
  });
});
