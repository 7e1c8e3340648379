/**
 * Rendered public pages, in memory: an LRU bounded by bytes and by entries. Keys carry the site's render_version
 * (modules/tenancy/invalidate.ts bumps it), so a change readers would see makes new keys and the old pages age out.
 */
import { hash } from 'node:crypto';

export interface CachedPage {
  status: number;
  contentType: string;
  body: Buffer;
  etag: string;
  /** Extra headers (x-robots-tag of a coming-soon page). */
  headers: Record<string, string>;
}

export interface PageCacheKey {
  siteId: number;
  renderVersion: number;
  themeId: number;
  versionId: number;
  langId: number;
  path: string;
  page: number;
}

export const cacheKey = (k: PageCacheKey) =>
  `${k.siteId}|${k.renderVersion}|${k.themeId}.${k.versionId}|${k.langId}|${k.page}|${k.path}`;

/** A strong ETag of a body. */
export const etagOf = (body: Buffer) => `"${hash('sha256', body, 'base64url').slice(0, 27)}"`;

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(
    private maxBytes = 64 * 1024 * 1024,
    private maxEntries = 20_000,
  ) {}

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (page) {
      // Most recently used last: the Map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    const size = page.body.length + key.length;
    if (size > this.maxEntryBytes) return;
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += size;
    while (this.bytes > this.maxBytes || this.entries.size > this.maxEntries) {
      this.delete(this.entries.keys().next().value as string);
    }
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.body.length + key.length;
  }

  /** The largest page kept: a bigger one is not cached. */
  get maxEntryBytes(): number {
    return this.maxBytes / 8;
  }

  get size(): number {
    return this.entries.size;
  }
}
