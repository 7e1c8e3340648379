/**
 * Every reply of the server carries the security headers: the app's strict Content-Security-Policy (no framing, no
 * inline or foreign script) on the SPA, its assets, the API and its errors; a sandbox with nothing allowed on
 * uploaded files; HSTS only when the request came over HTTPS through a trusted proxy.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { createTestApp, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let behindProxy: TestApp;
let dist: string;

beforeAll(async () => {
  // A built SPA of its own: an index and one asset.
  dist = await mkdtemp(path.join(tmpdir(), 'dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);');
  t = await createTestApp({ config: { distDir: dist } });
  await writeFile(path.join(t.config.uploadDir, 'picture.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  behindProxy = await createTestApp({
    seed: false,
    config: {
      trustProxy: true,
      s3: {
        endpoint: 'http://127.0.0.1:9',
        bucket: 'media',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        // A MinIO-like bucket read over plain http: `https:` in img-src does not cover it.
        publicUrl: 'http://minio.example.net:9000/media',
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await behindProxy?.close();
  await rm(dist, { recursive: true, force: true });
});

/** The policy as directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy').toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function expectCommonHeaders(res: LightMyRequestResponse) {
  // The app keeps the payment window it opens, while that window is on the gateway's pages.
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const permissions = String(res.headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions).toContain(`${feature}=()`);
  }
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

function expectAppPolicy(res: LightMyRequestResponse) {
  expectCommonHeaders(res);
  const policy = csp(res);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  // The bot check's proof of work runs in workers made from blob: URLs.
  expect(policy.get('worker-src')).toEqual(["'self'"]);
  // /design frames the public site for its live preview: the sites' addresses, and custom domains over https.
  expect(policy.get('frame-src')).toEqual(["'self'", 'http://*.sites.localhost:8080', 'https:']);
  // Nothing anywhere allows inline script, eval, or script from elsewhere.
  for (const [name, sources] of policy) {
    if (name === 'style-src') continue;
    expect(sources, name).not.toContain("'unsafe-inline'");
    expect(sources, name).not.toContain("'unsafe-eval'");
    if (name !== 'img-src' && name !== 'frame-src') expect(sources, name).not.toContain('https:');
    expect(sources, name).not.toContain('*');
  }
  return policy;
}

function expectUploadPolicy(res: LightMyRequestResponse) {
  expectCommonHeaders(res);
  const policy = csp(res);
  expect(policy.get('default-src')).toEqual(["'none'"]);
  expect(policy.get('sandbox')).toEqual([]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
}

describe('security headers', () => {
  it('on the SPA index, a route the SPA answers, and HEAD', async () => {
    for (const url of ['/', '/index.html', '/press/3', '/auth/login?goback=%2Fpress']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expectAppPolicy(res);
    }
    expectAppPolicy(await t.app.inject({ method: 'HEAD', url: '/' }));
  });

  it('on the payment window’s pages (the return page, the sandbox gateway’s): the default opener policy, so that it keeps its opener', async () => {
    for (const url of ['/plan/paid', '/plan/paid?order_number=S1-abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    // The sandbox gateway's pages stand in for the gateway's: the window moves between them and the return page.
    const gateway = await t.app.inject({ method: 'GET', url: '/sandbox-gateway/3ds/sbx_unknown' });
    expect(gateway.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    // Its form's redirect goes on to the return address, which for a reader's payment is the site's /subscribe.
    expect(csp(gateway).get('form-action')).toEqual(["'self'", 'http://*.sites.localhost:8080', 'https:']);
    const other = await t.app.inject({ method: 'GET', url: '/plan/paidx' });
    expect(other.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('on an asset', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(res.statusCode).toBe(200);
    expectAppPolicy(res);
  });

  it('on API replies and errors', async () => {
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/member/status?t=writer',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(status.json().code).toBe(Code.OK);
    expectAppPolicy(status);
    expectAppPolicy(await t.app.inject({ method: 'GET', url: '/api/captcha?v=localhost' }));

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/member/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account": ',
    });
    expect(broken.statusCode).toBe(400);
    expectAppPolicy(broken);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/no/such', payload: {} });
    expect(unknown.json().code).toBe(Code.NOT_FOUND);
    expectAppPolicy(unknown);
    // A cross-site state change, refused before any route runs.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/member/logout',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(foreign.json().code).toBe(Code.FORBIDDEN);
    expectAppPolicy(foreign);
    // An address the router cannot read.
    const bad = await t.app.inject({ method: 'GET', url: '//evil.example/phish' });
    expect(bad.statusCode).toBe(400);
    expectAppPolicy(bad);
  });

  it('on uploaded files: a sandbox where nothing runs', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/uploads/picture.png' });
    expect(file.statusCode).toBe(200);
    expectUploadPolicy(file);
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/missing.png' });
    expect(missing.statusCode).toBe(404);
    expectUploadPolicy(missing);
  });

  it('lets pictures come from the S3 public address when uploads live there', async () => {
    const res = await behindProxy.app.inject({ method: 'GET', url: '/api/captcha?v=localhost' });
    expect(csp(res).get('img-src')).toContain('http://minio.example.net:9000');
    // Without S3 the pictures are the app's own (and any https picture pasted into the writer).
    const own = csp(await t.app.inject({ method: 'GET', url: '/' })).get('img-src');
    expect(own).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  it('sends HSTS only for HTTPS through a trusted proxy', async () => {
    const https = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/captcha?v=localhost',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    const plain = await behindProxy.app.inject({ method: 'GET', url: '/api/captcha?v=localhost' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is the client's to forge: no HSTS.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/captcha?v=localhost',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
