/** The sharing adapter's configuration (FACEBOOK_*, SOCIAL_TOKEN_KEY) and the token sealing (AES-256-GCM). */
import { describe, expect, it } from 'vitest';
import { tokenSealer } from '../../server/adapters/social/seal';
import { socialConfig } from '../../server/config';

describe('socialConfig', () => {
  it('is the sandbox without FACEBOOK_APP_ID', () => {
    expect(socialConfig({})).toEqual({ provider: 'sandbox', tokenKey: undefined });
  });
  it('takes the Graph API with an app id and secret, v19.0 by default', () => {
    const c = socialConfig({ FACEBOOK_APP_ID: '1', FACEBOOK_APP_SECRET: 's' });
    expect(c.graph).toMatchObject({
      graphUrl: 'https://graph.facebook.com/v19.0',
      timeoutMs: 20_000,
      attempts: 3,
    });
  });
  it('stops the start on a half-set or unsafe configuration', () => {
    expect(() => socialConfig({ FACEBOOK_APP_ID: '1' })).toThrow(/FACEBOOK_APP_SECRET/);
    expect(() =>
      socialConfig({
        FACEBOOK_APP_ID: '1',
        FACEBOOK_APP_SECRET: 's',
        FACEBOOK_GRAPH_URL: 'http://example.com',
      }),
    ).toThrow(/https/);
    expect(() => socialConfig({ SOCIAL_TOKEN_KEY: 'short' })).toThrow(/32/);
  });
});

describe('tokenSealer', () => {
  it('seals with a fresh IV, opens only with the same key, and refuses a changed value', () => {
    const a = tokenSealer('installation-secret');
    const sealed = a.seal('page-token-123');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('page-token-123');
    expect(a.seal('page-token-123')).not.toBe(sealed);
    expect(a.open(sealed)).toBe('page-token-123');
    expect(tokenSealer('another-secret').open(sealed)).toBeNull();
    expect(tokenSealer('installation-secret', 'k'.repeat(32)).open(sealed)).toBeNull();
    // Change the second-to-last character (a whole data character of the cipher text) to another one.
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(flipped).not.toBe(sealed);
    expect(a.open(flipped)).toBeNull();
    expect(a.open('garbage')).toBeNull();
  });
});
