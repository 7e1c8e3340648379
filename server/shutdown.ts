/**
 * How the server stops on SIGTERM or SIGINT (issue 32), so that a rolling restart behind a proxy loses no request:
 *
 * 1. at once, /readyz answers 503 and every reply says `connection: close`, so the proxy's connections end after
 *    their current request;
 * 2. for SHUTDOWN_GRACE_MS (SIGTERM only) the server goes on serving, until the proxy's health check has seen the
 *    503 and sends nothing more; Ctrl-C at a terminal (SIGINT) has no proxy to wait for;
 * 3. then it stops listening, closes idle connections (and those that fall idle), lets requests in flight finish and
 *    the jobs finish their current claim, all within SHUTDOWN_TIMEOUT_MS (past it, the connections left are cut);
 * 4. the worker threads and the database close and the process exits: 0, or 1 when the timeout cut something.
 *
 * A second signal exits at once (1). One Ctrl-C under `npm start` arrives twice — from the terminal and forwarded by
 * npm — so a repeat within REPEAT_MS is the same press.
 */
import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './http/health';

const REPEAT_MS = 500;
/** While stopping, how often connections that fell idle are closed. */
const IDLE_SWEEP_MS = 50;
/** After the grace and the timeout, what closing the workers and the database may still take. */
const CLOSE_MARGIN_MS = 5_000;

export interface ShutdownOptions {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  graceMs: number;
  timeoutMs: number;
  /** Each job's stop(), which resolves once its current claim is done. */
  jobs: { stop(): Promise<void> }[];
  /** What closes after the server and the jobs: the worker threads, the database. */
  close(): Promise<void>;
  exit?: (code: number) => void;
}

/** Installs the SIGTERM/SIGINT handlers. */
export function stopOnSignals(opts: ShutdownOptions): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let firstAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt !== undefined) {
      if (Date.now() - firstAt < REPEAT_MS) return;
      opts.app.log.warn({ signal }, 'second signal: exiting without waiting');
      return exit(1);
    }
    firstAt = Date.now();
    void drainAndStop(opts, signal === 'SIGTERM' ? opts.graceMs : 0).then(exit);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Steps 1–4 above; answers the exit code. */
export async function drainAndStop(opts: ShutdownOptions, graceMs: number): Promise<number> {
  const { app, lifecycle, timeoutMs } = opts;
  // Whatever happens below, the process ends within its bound.
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const bound = setTimeout(() => exit(1), graceMs + timeoutMs + CLOSE_MARGIN_MS).unref();
  lifecycle.draining = true;
  // Only from now on: a listener in front of Fastify's, which costs nothing before.
  app.server.prependListener('request', (_req, res) => res.setHeader('connection', 'close'));
  app.log.info({ graceMs, timeoutMs }, 'draining: readyz answers 503');
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  // A request that came before the drain keeps its connection open after its reply (it was answered keep-alive), and
  // Node closes idle connections only once, as the server closes: close them as they fall idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const stopped = Promise.all([app.close(), ...opts.jobs.map((job) => job.stop())]);
  const outcome = await Promise.race([stopped.then(() => 'done' as const), late]);
  clearTimeout(timer);
  clearInterval(sweep);
  if (outcome === 'late') {
    app.log.warn({ timeoutMs }, 'shutdown timeout: cutting the connections still open');
    app.server.closeAllConnections();
  }
  await opts.close();
  clearTimeout(bound);
  return outcome === 'late' ? 1 : 0;
}
