/**
 * Where uploaded bytes live. The default is a local folder the app serves at /uploads/; an S3-compatible store can
 * come later behind the same three calls. Keys are made by the server, e.g. `12/2026/11/9f3c….webp`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** The address the file is served at. */
  url(key: string): string;
  remove(key: string): Promise<void>;
  /** Whether the file is still stored (a stat, or a HEAD): the video library marks a gone one missing. */
  exists(key: string): Promise<boolean>;
}

export const UPLOADS_PREFIX = '/uploads/';

/** `<siteId>/<yyyy>/<mm>/<random>.<ext>`: random, so a key is never reused and may be cached for ever. */
export function newKey(siteId: number, ext: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${siteId}/${now.getUTCFullYear()}/${month}/${randomBytes(16).toString('hex')}.${ext}`;
}

export function folderStorage(root: string): Storage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    // Keys come from newKey(); refuse anything that would leave the folder all the same.
    if (!file.startsWith(`${path.resolve(root)}${path.sep}`)) throw new Error(`bad storage key ${key}`);
    return file;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: 'wx' });
    },
    url: (key) => `${UPLOADS_PREFIX}${key}`,
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async exists(key) {
      const file = fileOf(key);
      return stat(file).then(
        (s) => s.isFile(),
        () => false,
      );
    },
  };
}
