/**
 * Answers given before a body was read reach real clients over a real socket. Most clients (curl, Node's fetch and
 * http, browsers) write the whole body before they read the answer; a server that answers and closes the connection
 * under them turns its answer into a connection reset. The server reads and drops the rest of such a body, up to a
 * bound, then answers: a JSON body over 1 MB gets 413 with its envelope (1003), a refused origin 403 (1009), an
 * upload over the limit 檔案大小超過限制 (3004).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { DRAIN_MAX_BYTES } from '../../server/http/drain';
import { type Client, createTestApp, signInOwner, type TestApp } from '../fixtures/testApp';

const MB = 1024 * 1024;

let t: TestApp;
let owner: Client;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await signInOwner(t));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

interface Answer {
  status: number;
  body: { code: number; msg: string };
}

/**
 * POSTs `size` bytes with node:http, written in chunks with a pause between them as a client streams over a network
 * (so that the server can answer while it writes), and reads the answer only once everything is written, as curl
 * and browsers do. `chunked` leaves the length out (Transfer-Encoding: chunked). A connection reset, or one closed
 * before the whole body is sent (Node's client gives up writing quietly then), rejects.
 */
async function post(
  path: string,
  body: { head: string; size: number; tail: string; type: string },
  opts: { chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const req = http.request(`${base}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': body.type,
      ...(opts.chunked ? {} : { 'content-length': String(body.size) }),
      ...opts.headers,
    },
  });
  let sent = false;
  const failed = new Promise<never>((_, reject) => {
    // A server that neither reads nor closes leaves the client writing forever.
    const stuck = setTimeout(() => reject(new Error('no answer within 10 s')), 10_000);
    req.on('close', () => clearTimeout(stuck));
    req.on('error', reject);
    req.on('close', () => {
      if (!sent) reject(new Error('the connection was closed before the whole body was sent'));
    });
  });
  // Raced below; a late failure after the answer is no one's concern.
  failed.catch(() => undefined);
  const answered = new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
  // Read nothing until the body is written.
  answered.then((res) => res.pause());
  const write = (data: Buffer) =>
    new Promise<void>((resolve) => {
      if (req.write(data)) setTimeout(resolve, 1);
      else req.once('drain', () => setTimeout(resolve, 1));
    });
  const head = Buffer.from(body.head);
  const tail = Buffer.from(body.tail);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const sending = (async () => {
    await write(head);
    for (let left = body.size - head.length - tail.length; left > 0; left -= chunk.length)
      await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
    await new Promise<void>((resolve) => req.end(tail, resolve));
    sent = true;
  })();
  await Promise.race([sending, failed]);
  const res = await Promise.race([answered, failed]);
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c));
  res.resume();
  await Promise.race([new Promise((resolve) => res.on('end', resolve)), failed]);
  return { status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) };
}

const json = (size: number) => ({ head: '{"account":"', size, tail: '"}', type: 'application/json' });

describe('a body over the limit', () => {
  it('answers 413 with its envelope to a client that streams 2.5 MB with a length', async () => {
    const r = await post('member/login', json(2.5 * MB));
    expect(r).toMatchObject({ status: 413, body: { code: Code.TOO_LARGE } });
  });

  it('answers 413 with its envelope to a chunked body of 3 MB', async () => {
    const r = await post('member/login', json(3 * MB), { chunked: true });
    expect(r).toMatchObject({ status: 413, body: { code: Code.TOO_LARGE } });
  });

  it("answers Node's fetch with the envelope", async () => {
    const res = await fetch(`${base}/api/member/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'x'.repeat(3 * MB) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe(Code.TOO_LARGE);
  });

  it('does not wait for a body declared beyond what it reads and drops (16 MB)', async () => {
    const req = http.request(`${base}/api/member/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(DRAIN_MAX_BYTES + 1) },
    });
    req.on('error', () => undefined);
    const answered = new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    req.write(Buffer.alloc(256 * 1024, 'a'));
    // Nothing more is sent: the answer comes anyway, and the connection is closed.
    const res = await answered;
    expect(res.statusCode).toBe(413);
    req.destroy();
  });

  it('still serves the next request on the same server', async () => {
    const res = await fetch(`${base}/api/captcha?v=localhost`);
    expect(res.status).toBe(200);
  });
});

describe('other answers given before the body is read', () => {
  it('a refused origin: 403 with its envelope', async () => {
    const r = await post('member/login', json(2 * MB), { headers: { origin: 'https://evil.example' } });
    expect(r).toMatchObject({ status: 403, body: { code: Code.FORBIDDEN } });
  });

  it('an upload over the limit: 檔案大小超過限制', async () => {
    const boundary = 'x-boundary';
    const r = await post(
      'element/upload/image',
      {
        head: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        size: 9 * MB,
        tail: `\r\n--${boundary}--\r\n`,
        type: `multipart/form-data; boundary=${boundary}`,
      },
      { headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } },
    );
    expect(r).toMatchObject({ status: 200, body: { code: Code.FILE_TOO_LARGE, msg: '檔案大小超過限制' } });
  });
});

describe('a client that trickles its request', () => {
  let slow: TestApp;
  let port: number;
  beforeAll(async () => {
    slow = await createTestApp({ config: { requestTimeoutMs: 500 } });
    await slow.app.listen({ host: '127.0.0.1', port: 0 });
    port = (slow.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await slow?.close();
  });

  /** Sends `head` over a raw socket and never the rest; answers what the server wrote before it closed. */
  const stall = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
      let data = '';
      const stuck = setTimeout(() => {
        socket.destroy();
        reject(new Error('the connection was held for 15 s'));
      }, 15_000);
      socket.on('data', (c) => {
        data += c.toString('utf8');
      });
      socket.on('close', () => {
        clearTimeout(stuck);
        resolve(data);
      });
      socket.on('error', () => undefined);
    });

  it('is answered 408 and let go, whether its body or its headers stall', async () => {
    const body = await stall(
      'POST /api/member/status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    expect(body).toMatch(/^HTTP\/1\.1 408 /);
    const headers = await stall('POST /api/member/status HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(headers).toMatch(/^HTTP\/1\.1 408 /);
  });
});
