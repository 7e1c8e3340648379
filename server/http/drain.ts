/**
 * Answers given before a request's body was read (a body over the limit, a refused origin, an unknown route) must
 * reach the client. Most clients write the whole body before they read an answer: a server that answers and stops
 * reading leaves them blocked, and one that closes the connection under them turns its answer into a connection
 * reset. So the rest of such a body is read and dropped before the answer goes out, up to a bound of bytes and of
 * time; a longer or slower body is answered at once and its connection closed, as before.
 */
import type { IncomingMessage } from 'node:http';

/** Well above the largest accepted upload (5 MB) and JSON body (1 MB): a phone photo still gets its answer. */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/** Reads and drops what is left of a request's body; resolves at its end, or once past the bound of bytes or time. */
function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let received = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', count).off('end', done).off('close', done).off('error', done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MAX_MS);
    req.on('data', count).on('end', done).on('close', done).on('error', done);
    req.resume();
  });
}

/**
 * Drains what is left of a request's body before its answer goes out (http/onSend.ts): a promise, or undefined when
 * nothing is to be waited for.
 */
export function drainUnread(raw: IncomingMessage): Promise<void> | undefined {
  // Received whole (complete), or read to its end (an injected request is never `complete`).
  if (raw.complete || raw.readableEnded || raw.destroyed) return undefined;
  // A body declared longer than the bound is not waited for.
  if (Number(raw.headers['content-length']) > DRAIN_MAX_BYTES) return undefined;
  return drain(raw);
}
