/**
 * `/favicon.ico` on a site's host, which browsers and crawlers ask for whatever the head says: the site's own icon
 * (a redirect to the uploaded file, where the head's `<link rel="icon">` points too), else the platform's default
 * icon (favicon.ico beside this file: Paper's colours, 16, 32 and 48 px). Never a 404, never another site's icon.
 * Kept five minutes: the same address answers the new icon soon after the owner changes it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaUrl } from '../shared/media';

const CACHE = 'public, max-age=300';
const DEFAULT_ICON = path.resolve(import.meta.dirname, 'favicon.ico');
let defaultIcon: Promise<Buffer> | undefined;

interface IconAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

/** The answer to `/favicon.ico` for a site whose stored icon is `favicon` ('' when it has none). */
export async function faviconAnswer(favicon: string, media: MediaUrl): Promise<IconAnswer> {
  const own = media(favicon);
  if (own) return { status: 302, headers: { location: own, 'cache-control': CACHE }, body: '' };
  defaultIcon ??= readFile(DEFAULT_ICON);
  return {
    status: 200,
    headers: { 'content-type': 'image/x-icon', 'cache-control': CACHE },
    body: await defaultIcon,
  };
}
