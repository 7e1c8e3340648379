/**
 * A job that polls: every `intervalMs`, starting at once, it runs `claim` (one batch of due work) again and again
 * while a full batch came back (more may be due), or while `more` says so. Passes never overlap within an instance;
 * a failed pass (e.g. the database restarting) is logged and the next one tries again. Instances are kept apart by
 * the claims themselves.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface BatchedJob<R> {
  /** Runs a pass now (after one under way) and answers what it did. */
  pass(): Promise<R[]>;
  /** Stops polling and waits for a pass under way. */
  stop(): Promise<void>;
}

export function batchedJob<R>(opts: {
  name: string;
  intervalMs: number;
  batch: number;
  claim: () => Promise<R[]>;
  /** Whether another claim follows at once; by default, when a full batch came back. */
  more?: (claimed: R[]) => boolean;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  onDone?: (results: R[]) => void;
}): BatchedJob<R> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const more = opts.more ?? ((claimed: R[]) => claimed.length === opts.batch);

  const tick = async (): Promise<R[]> => {
    try {
      const all: R[] = [];
      let claimed: R[];
      do {
        claimed = await opts.claim();
        all.push(...claimed);
      } while (!stopped && more(claimed));
      if (all.length) {
        opts.log.info({ results: all }, opts.name);
        opts.onDone?.(all);
      }
      return all;
    } catch (err) {
      opts.log.error({ err }, `${opts.name}: pass failed`);
      return [];
    }
  };
  const pass = () => {
    const next = running.then(tick);
    running = next;
    return next;
  };
  const loop = () => {
    if (stopped) return;
    void pass().then(() => {
      if (!stopped) timer = setTimeout(loop, opts.intervalMs);
    });
  };
  loop();
  return {
    pass,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
