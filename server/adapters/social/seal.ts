/**
 * Tokens at rest: AES-256-GCM with a key from SOCIAL_TOKEN_KEY, or derived (HKDF) from the installation's signing
 * secret (app_kv) when unset. `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface Sealer {
  seal(plain: string): string;
  /** The plain token, or null for a value this key did not seal. */
  open(sealed: string): string | null;
}

export function tokenSealer(secret: string, tokenKey?: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', tokenKey ?? secret, 'social-tokens', 'aes-256-gcm', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ct]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [v, iv, tag, ct] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || ct === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
