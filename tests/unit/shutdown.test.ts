/**
 * The drain on SIGTERM (server/shutdown.ts), on a real listening server: readyz 503 and `connection: close` during the
 * grace, then no new connections, a request in flight and a job's claim finished before it resolves 0; past the
 * timeout, what is left is cut and it resolves 1.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { Lifecycle, registerHealth } from '../../server/http/health';
import { drainAndStop } from '../../server/shutdown';

/** A database that always answers (the drain, not the database, is under test). */
const answeringDb = { execute: async () => [] } as unknown as Db;

/** A gate a test opens by hand: a slow request or a job's claim. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

interface Server {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  base: string;
  /** Resolves when /slow's handler has started. */
  slowStarted: Promise<void>;
  releaseSlow: () => void;
}

async function server(): Promise<Server> {
  const app = Fastify({ logger: false });
  const lifecycle = new Lifecycle();
  registerHealth(app, answeringDb, lifecycle);
  const started = gate();
  const release = gate();
  app.get('/slow', async () => {
    started.open();
    await release.opened;
    return 'done';
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, lifecycle, base, slowStarted: started.opened, releaseSlow: release.open };
}

/** Polls until `check` holds; fails after `ms`. */
async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const refused = (url: string) =>
  fetch(url).then(
    () => false,
    () => true,
  );

let open: Server | undefined;
afterEach(async () => {
  open?.releaseSlow();
  await open?.app.close();
  open = undefined;
});

describe('drainAndStop', () => {
  it('drains: readyz 503 with connection: close during the grace, then finishes what is in flight and answers 0', async () => {
    const s = await server();
    open = s;
    expect((await fetch(`${s.base}/readyz`)).status).toBe(200);
    const slow = fetch(`${s.base}/slow`).then(async (r) => ({ status: r.status, body: await r.text() }));
    await s.slowStarted;
    const claim = gate();
    let jobStopped = false;
    let closed = false;
    const exits: number[] = [];
    const stopping = drainAndStop(
      {
        app: s.app,
        lifecycle: s.lifecycle,
        graceMs: 300,
        timeoutMs: 10_000,
        jobs: [
          {
            stop: async () => {
              await claim.opened;
              jobStopped = true;
            },
          },
        ],
        close: async () => {
          closed = true;
        },
        exit: (code) => {
          exits.push(code);
        },
      },
      300,
    );
    // During the grace: still served, but not ready, and each connection ends after its reply.
    const ready = await fetch(`${s.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    // After it: no new connection is taken.
    await until(() => refused(`${s.base}/healthz`));
    // The request in flight and the job's claim are waited for.
    s.releaseSlow();
    expect(await slow).toEqual({ status: 200, body: 'done' });
    expect(closed).toBe(false);
    claim.open();
    expect(await stopping).toBe(0);
    expect(jobStopped).toBe(true);
    expect(closed).toBe(true);
    expect(exits).toEqual([]);
  });

  it('cuts what is still in flight after the timeout and answers 1', async () => {
    const s = await server();
    open = s;
    const slow = fetch(`${s.base}/slow`).then(
      (r) => r.status,
      () => 'cut',
    );
    await s.slowStarted;
    let closed = false;
    const code = await drainAndStop(
      {
        app: s.app,
        lifecycle: s.lifecycle,
        graceMs: 0,
        timeoutMs: 200,
        jobs: [],
        close: async () => {
          closed = true;
        },
        exit: () => undefined,
      },
      0,
    );
    expect(code).toBe(1);
    expect(closed).toBe(true);
    expect(await slow).toBe('cut');
  });
});
