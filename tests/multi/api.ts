/** Calls to the product's API from the harness's tests: one way to post, with the session cookie. */
import { expect } from 'vitest';

/** A POST /api/<path> with the session cookie: the HTTP status and the envelope. */
export async function post(base: string, cookie: string, path: string, body: unknown) {
  const res = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, envelope: (await res.json()) as { code: number; data: unknown } };
}

/** A call's HTTP status and the envelope's code. */
export async function call(base: string, cookie: string, path: string, body: unknown = {}) {
  const { status, envelope } = await post(base, cookie, path, body);
  return { status, code: envelope.code };
}

/** A call that must succeed: its data. */
export async function data<T>(base: string, cookie: string, path: string, body: unknown): Promise<T> {
  const { envelope } = await post(base, cookie, path, body);
  expect(envelope.code, path).toBe(1);
  return envelope.data as T;
}
