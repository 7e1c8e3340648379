/**
 * GET /healthz and /readyz (issue 32): alive is only "the process answers"; ready is "the database answers and the
 * process is neither starting nor draining". Both answer on the admin's hosts (a proxy checks by IP), without a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lifecycle } from '../../server/http/health';
import { createTestApp, type TestApp } from '../fixtures/testApp';

const get = (t: TestApp, url: string, host = '127.0.0.1:8080') =>
  t.app.inject({ method: 'GET', url, headers: { host } });

describe('health checks', () => {
  let t: TestApp;
  const lifecycle = new Lifecycle();
  beforeAll(async () => {
    t = await createTestApp({ lifecycle });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers healthz and readyz 200 on the admin host, with no session and no caching', async () => {
    for (const [url, text] of [
      ['/healthz', 'ok'],
      ['/readyz', 'ready'],
    ]) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(text);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers a check without a Host header (a proxy asking over HTTP/1.0)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz', headers: { host: '' } });
    expect(res.statusCode).toBe(200);
  });

  it("leaves a public site's /healthz to the site", async () => {
    const res = await get(t, '/healthz', 'demo.sites.localhost');
    expect(res.body).not.toBe('ok');
  });

  it('turns readyz 503 while starting (render workers loading), healthz staying 200', async () => {
    lifecycle.starting = true;
    try {
      const ready = await get(t, '/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.body).toBe('starting');
      expect((await get(t, '/healthz')).statusCode).toBe(200);
    } finally {
      lifecycle.starting = false;
    }
  });

  it('turns readyz 503 while draining, healthz staying 200', async () => {
    lifecycle.draining = true;
    try {
      const ready = await get(t, '/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.body).toBe('draining');
      expect((await get(t, '/healthz')).statusCode).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
    expect((await get(t, '/readyz')).statusCode).toBe(200);
  });
});

describe('health checks without a database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('turns readyz 503 once the database is closed, healthz staying 200', async () => {
    await t.database.close();
    // Closed here: the file's close must not close it a second time.
    t.database.close = async () => undefined;
    const ready = await get(t, '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.body).toBe('database unavailable');
    const alive = await get(t, '/healthz');
    expect(alive.statusCode).toBe(200);
    expect(alive.body).toBe('ok');
  });
});
