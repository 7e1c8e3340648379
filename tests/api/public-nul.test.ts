/**
 * A NUL byte in a public address (issue 28, finding 3): PostgreSQL text cannot hold one, so a NUL that reached a
 * query answered 500 and logged an error. Every page address, query key or value holding one is a 404 now, on the
 * site's host and the admin's entrances alike, and nothing is logged as an error.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsDaily } from '../../server/modules/tables';
import { DEMO_HOST, sitePage } from '../fixtures/readers';
import { createTestApp, ok, signInOwner, type TestApp } from '../fixtures/testApp';

let t: TestApp;
const logged: { level: number; msg: string }[] = [];
/** Lines pino logged at error level or above (50+). */
const errors = () => logged.filter((l) => l.level >= 50);

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void logged.push(JSON.parse(line)) } });
  const { owner } = await signInOwner(t);
  ok(await owner.call('site/publish', { publish: true }));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  logged.length = 0;
});

describe('a NUL in a public site address', () => {
  it('answers 404 for a path segment or query holding one, and logs no error', async () => {
    const urls = [
      '/post/x%00',
      '/%00',
      '/tag/%00',
      '/category/%00',
      '/epaper/%00',
      '/shop/%00',
      '/author/%00',
      '/en/%00',
      '/assets/0123456789ab/a%00.css',
      '/search?q=%00',
      '/search?q=a%00b',
      '/search?%00=x',
      '/order?order_number=%00',
      '/unsubscribe?token=%00',
      '/?page=1&x=%00',
    ];
    const answers: string[] = [];
    for (const url of urls) answers.push(`${url} ${(await sitePage(t, url)).statusCode}`);
    expect(answers).toEqual(urls.map((url) => `${url} 404`));
    expect(errors()).toEqual([]);
  });

  it('still serves the same pages without it', async () => {
    expect((await sitePage(t, '/search?q=abc')).statusCode).toBe(200);
    expect((await sitePage(t, '/tag/none')).statusCode).toBe(404);
    expect(errors()).toEqual([]);
  });

  it('counts nothing from an analytics batch holding one, and logs no error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/_analytics',
      headers: { host: DEMO_HOST, origin: `http://${DEMO_HOST}`, 'content-type': 'text/plain' },
      payload: JSON.stringify({
        events: [
          { k: 'v', p: '/a\u0000b' },
          { k: 'c', p: '/\u0000', t: 'https://x\u0000.example/\u0000' },
        ],
      }),
    });
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(analyticsDaily)).toEqual([]);
    expect(errors()).toEqual([]);
  });

  it('answers 400 or 404 for the admin host’s uploads holding one', async () => {
    for (const url of ['/uploads/%00', '/uploads/a%00.png']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } });
      expect([400, 404], url).toContain(res.statusCode);
    }
    expect(errors()).toEqual([]);
  });
});
