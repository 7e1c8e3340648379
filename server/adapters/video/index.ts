/**
 * Where resumable video uploads are written while they arrive (tus), and how a finished one becomes a stored file.
 * By the storage configuration: the local folder (@tus/file-store in a private folder, VIDEO_UPLOAD_DIR, never served;
 * a finished file is moved into the upload folder under a key of newKey()), or the S3 bucket (@tus/s3-store writes a
 * multipart upload straight to the bucket; the object's key is the upload id and stays where it is). The rest of the
 * product sees only this interface.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { type MetadataValue, S3Store } from '@tus/s3-store';
import type { DataStore, KvStore } from '@tus/server';
import type { S3Config } from '../../config';

export interface VideoStore {
  readonly datastore: DataStore;
  /** The first `n` bytes of an upload (fewer if it is shorter): its content is checked by them. */
  head(id: string, n: number): Promise<Buffer>;
  /** Random reads of an upload, when it is local (the duration is parsed from the file); else undefined. */
  reader(id: string): Promise<RandomReader | undefined>;
  /** Makes a finished upload a stored file at `key` (the folder) or where it is (S3): answers its storage key. */
  keep(id: string, key: string): Promise<string>;
  /** Forgets an upload and its bytes; one already gone is fine. */
  discard(id: string): Promise<void>;
}

export interface RandomReader {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

async function firstBytes(stream: Readable, n: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let got = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      got += (chunk as Buffer).length;
      if (got >= n) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, n);
}

/** The local folder: uploads under `tusDir`, finished files moved into `uploadDir` (served at /uploads/). */
export function folderVideoStore(tusDir: string, uploadDir: string): VideoStore {
  const datastore = new FileStore({ directory: tusDir });
  const fileOf = (id: string) => {
    const file = path.resolve(tusDir, id);
    if (!file.startsWith(`${path.resolve(tusDir)}${path.sep}`)) throw new Error(`bad upload id ${id}`);
    return file;
  };
  return {
    datastore,
    head: (id, n) => firstBytes(createReadStream(fileOf(id), { end: Math.max(0, n - 1) }), n),
    async reader(id) {
      const handle = await open(fileOf(id), 'r');
      const { size } = await handle.stat();
      return {
        size,
        async read(offset, length) {
          const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
          if (buffer.length) await handle.read(buffer, 0, buffer.length, offset);
          return buffer;
        },
        close: () => handle.close(),
      };
    },
    async keep(id, key) {
      const target = path.resolve(uploadDir, key);
      if (!target.startsWith(`${path.resolve(uploadDir)}${path.sep}`))
        throw new Error(`bad storage key ${key}`);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(fileOf(id), target);
      } catch (err) {
        // Another file system (a mounted upload folder): copy, then remove.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await copyFile(fileOf(id), target);
        await rm(fileOf(id), { force: true });
      }
      await rm(`${fileOf(id)}.json`, { force: true });
      return key;
    },
    async discard(id) {
      await rm(fileOf(id), { force: true });
      await rm(`${fileOf(id)}.json`, { force: true });
    },
  };
}

/**
 * @tus/s3-store, and a way to forget an upload whatever its state: its remove() aborts the multipart upload first and
 * gives up when there is none (a finished upload's has been completed), leaving the object and `.info` behind; and it
 * never deletes the incomplete part `<id>.part`.
 */
class VideoS3Store extends S3Store {
  async forget(id: string): Promise<void> {
    // Aborts a multipart upload still open (its parts go with it); a finished or missing one is fine.
    await this.remove(id).catch(() => undefined);
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: {
        Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }],
        Quiet: true,
      },
    });
    await this.clearCache(id);
  }
}

/** @tus/s3-store's cache of upload infos, holding nothing (issue 32: no per-process truth). */
const NO_CACHE: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
  list: async () => [],
};

/** The S3 bucket: the upload is the object `<id>` (its bookkeeping `<id>.info` beside it). */
export function s3VideoStore(config: S3Config): VideoStore {
  const datastore = new VideoS3Store({
    // Every request reads the upload's `.info` from the bucket: another instance may have made or finished it.
    cache: NO_CACHE,
    s3ClientConfig: {
      bucket: config.bucket,
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    },
  });
  return {
    datastore,
    head: async (id, n) => firstBytes(await datastore.read(id), n),
    reader: async () => undefined,
    keep: async (id) => id,
    discard: (id) => datastore.forget(id),
  };
}

export function videoStore(opts: { s3?: S3Config; tusDir: string; uploadDir: string }): VideoStore {
  return opts.s3 ? s3VideoStore(opts.s3) : folderVideoStore(opts.tusDir, opts.uploadDir);
}
