/**
 * What the SPA's card form learns of the gateway, and what the app's policy lets it load. The sandbox (the default):
 * the session says so and the policy allows no script, frame or connection elsewhere. TapPay (PAYMENT_GATEWAY=
 * tappay): the session gives the SDK's address, the public app id and key and the server type, never the partner
 * key; the policy allows the SDK's origin for scripts and frames, and it and the API's for connections, and nothing
 * more.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../contract/session';
import { paymentConfig } from '../../server/config';
import { createTestApp, type TestApp } from '../fixtures/testApp';

const TAPPAY_ENV = {
  PAYMENT_GATEWAY: 'tappay',
  TAPPAY_PARTNER_KEY: 'partner_never_in_a_page_0123456789',
  TAPPAY_MERCHANT_ID: 'merchant_x',
  TAPPAY_BASE_URL: 'https://api.pay.example',
  TAPPAY_APP_ID: '12348',
  TAPPAY_APP_KEY: 'app_public_by_design',
  TAPPAY_SDK_URL: 'https://js.pay.example/sdk/tpdirect/v5.20.0',
};

let sandbox: TestApp;
let tappay: TestApp;

beforeAll(async () => {
  sandbox = await createTestApp({ seed: false });
  tappay = await createTestApp({ seed: false, config: { payment: paymentConfig(TAPPAY_ENV) } });
});
afterAll(async () => {
  await sandbox?.close();
  await tappay?.close();
});

function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(res.headers['content-security-policy']).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

describe('the card form’s gateway in the session', () => {
  it('the sandbox by default', async () => {
    const r = await sandbox.client().call<Session>('member/status');
    expect(r.data.meta.payment).toEqual({ gateway: 'sandbox' });
  });

  it('TapPay: the SDK’s address, app id and key, server type; never the partner key', async () => {
    const res = await tappay.app.inject({
      method: 'POST',
      url: '/api/member/status',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.json().data.meta.payment).toEqual({
      gateway: 'tappay',
      sdk_url: TAPPAY_ENV.TAPPAY_SDK_URL,
      app_id: 12348,
      app_key: 'app_public_by_design',
      server_type: 'sandbox',
    });
    expect(res.body).not.toContain(TAPPAY_ENV.TAPPAY_PARTNER_KEY);
    expect(res.body).not.toContain('merchant_x');
  });
});

describe('the content security policy', () => {
  it('the sandbox: no script, frame or connection from TapPay', async () => {
    const policy = csp(await sandbox.app.inject({ method: 'GET', url: '/' }));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'self'", 'http://*.sites.localhost:8080', 'https:']);
  });

  it('TapPay: the SDK’s origin for scripts and frames, it and the API’s for connections', async () => {
    for (const url of ['/', '/init', '/api/captcha?v=localhost']) {
      const policy = csp(await tappay.app.inject({ method: 'GET', url }));
      expect(policy.get('script-src'), url).toEqual(["'self'", 'https://js.pay.example']);
      expect(policy.get('frame-src'), url).toEqual([
        "'self'",
        'http://*.sites.localhost:8080',
        'https:',
        'https://js.pay.example',
      ]);
      expect(policy.get('connect-src'), url).toEqual([
        "'self'",
        'https://js.pay.example',
        'https://api.pay.example',
      ]);
      // Nothing else loosens: still no inline script, no form target elsewhere, never framed.
      expect(policy.get('form-action'), url).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
    }
    // An uploaded file still runs nothing.
    const file = csp(await tappay.app.inject({ method: 'GET', url: '/uploads/none.png' }));
    expect(file.get('default-src')).toEqual(["'none'"]);
    expect(file.get('script-src')).toBeUndefined();
  });
});
