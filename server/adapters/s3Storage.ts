/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph …): objects are PUT and DELETEd at path-style
 * addresses (`<endpoint>/<bucket>/<key>`), signed with AWS Signature Version 4 by hand (node:crypto), and served from
 * S3_PUBLIC_URL. The signer follows "Authenticating Requests: Using the Authorization Header" of the S3 API reference;
 * tests check it against that page's worked examples.
 */
import { createHmac, hash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { S3Config } from '../config';
import type { Storage } from './storage';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to send and sign, besides host, x-amz-date and x-amz-content-sha256 (added here). */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body. */
  payloadHash: string;
  date: Date;
}

export interface SignedRequest {
  /** Every header to send, names lower-cased, with `authorization`. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

export const sha256Hex = (data: string | Buffer) => hash('sha256', data);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as S3 wants it: only A–Z a–z 0–9 - . _ ~ stay; `/` too in a path. */
export function uriEncode(text: string, keepSlash: boolean): string {
  return Array.from(new TextEncoder().encode(text), (byte) => {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c;
    return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** `20130524T000000Z` */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function canonicalPath(url: URL): string {
  // The URL parser escapes some characters and not others: decode each segment, then encode the S3 way.
  return url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment), false))
    .join('/');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** Signs a request: answers the headers to send (with `authorization`) and the intermediate strings. */
export function signV4(req: SigV4Request, creds: SigV4Credentials): SignedRequest {
  const service = creds.service ?? 's3';
  const stamp = amzDate(req.date);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = value;
  headers.host = req.url.host;
  headers['x-amz-date'] = stamp;
  headers['x-amz-content-sha256'] = req.payloadHash;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method.toUpperCase(),
    canonicalPath(req.url),
    canonicalQuery(req.url),
    ...names.map((n) => `${n}:${headers[n].trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}

const TIMEOUT_MS = 20_000;

/** One signed request; answers the status and (the start of) the reply's body. */
function send(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; text: string }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method, headers, timeout: TIMEOUT_MS }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < 2000) text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`S3 ${method} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A path-style object address; keys come from newKey() (digits, hex, `/` and a dot). */
function objectUrl(config: S3Config, key: string): URL {
  if (!/^[\w./-]+$/.test(key) || key.split('/').some((s) => s === '' || s === '.' || s === '..'))
    throw new Error(`bad storage key ${key}`);
  return new URL(`${config.endpoint}/${uriEncode(config.bucket, false)}/${key}`);
}

export function s3Storage(config: S3Config, clock: () => Date = () => new Date()): Storage {
  const creds = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
  };
  const request = async (
    method: 'PUT' | 'DELETE' | 'HEAD',
    key: string,
    body?: Buffer,
    extra: Record<string, string> = {},
  ) => {
    const url = objectUrl(config, key);
    const { headers } = signV4(
      { method, url, headers: extra, payloadHash: sha256Hex(body ?? ''), date: clock() },
      creds,
    );
    const reply = await send(method, url, headers, body);
    if (method === 'HEAD') return reply.status === 200;
    // A missing object is already deleted.
    const ok = method === 'PUT' ? reply.status === 200 : [200, 204, 404].includes(reply.status);
    if (!ok) throw new Error(`S3 ${method} ${key}: HTTP ${reply.status} ${reply.text.slice(0, 300)}`);
  };
  return {
    put: async (key, bytes, mime) => {
      await request('PUT', key, bytes, {
        'content-type': mime,
        'content-length': String(bytes.length),
        // Keys are random and never rewritten: the object may be cached for ever, as the folder's files are.
        'cache-control': 'public, max-age=31536000, immutable',
      });
    },
    url: (key) => `${config.publicUrl}/${key}`,
    remove: async (key) => {
      await request('DELETE', key);
    },
    exists: async (key) => (await request('HEAD', key)) === true,
  };
}
