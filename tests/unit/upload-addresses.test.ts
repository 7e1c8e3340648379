import { describe, expect, it } from 'vitest';
import type { Deps } from '../../server/deps';
import { foreignUpload } from '../../server/modules/files/addresses';

/** The store's address of a key, as the folder or the S3 adapter makes it. */
const depsWith = (storeBase: string) =>
  ({
    storage: { url: (key: string) => `${storeBase}${key}` },
    config: { publicUrl: 'https://admin.example.com' },
  }) as unknown as Pick<Deps, 'storage' | 'config'>;

describe('foreignUpload', () => {
  it('names uploads of another site in the folder store, however they are spelt', () => {
    const foreign = foreignUpload(depsWith('/uploads/'), 7);
    for (const address of [
      '/uploads/8/2026/11/a.png',
      'https://admin.example.com/uploads/8/2026/11/a.png',
      '/uploads/7/../8/a.png',
      '/uploads/7/%2e%2e/8/a.png',
      '/uploads/7%2f..%2f8/a.png',
      '/uploads//8/a.png',
      '/uploads\\8/a.png',
      '/upl%6fads/8/a.png',
      '/uploads/%38/a.png',
      '/uploads/07/a.png',
      '/uploads/%E0%A4%A/a.png',
    ])
      expect(foreign(address), address).toBe(true);
    for (const address of [
      '/uploads/7/2026/11/a.png',
      'https://admin.example.com/uploads/7/a.png',
      '/uploads/8/../7/a.png',
      '/uploads/c.jpg',
      '/images/8/a.png',
      'https://cdn.example.com/uploads/8/a.png',
      'http://admin.example.com.evil/uploads/8/a.png',
      '',
    ])
      expect(foreign(address), address).toBe(false);
  });

  it('names uploads of another site in an S3 bucket', () => {
    const foreign = foreignUpload(depsWith('https://cdn.example.net/bucket/'), 7);
    expect(foreign('https://cdn.example.net/bucket/8/2026/11/a.png')).toBe(true);
    expect(foreign('https://cdn.example.net/bucket/7/../8/a.png')).toBe(true);
    expect(foreign('https://cdn.example.net/bucket/7/2026/11/a.png')).toBe(false);
    expect(foreign('https://cdn.example.net/other/8/a.png')).toBe(false);
    // The app's own folder is not where this store keeps files.
    expect(foreign('/uploads/8/a.png')).toBe(false);
  });
});
