/**
 * The worker threads (piscina) that do what would otherwise hold the server's one event loop: theme renders and
 * the cleaning of large bodies (server/workers/tasks.ts). One pool per process, started at first use (the server
 * warms it as it starts); its limits are RENDER_LIMITS'. A task past its time (its AbortSignal) or its worker's
 * heap ends that worker, which the pool replaces.
 */
import { MessageChannel, type Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { BlockDocument } from '../../contract/blocks';
import { RENDER_LIMITS } from './renderLimits';
import type { RenderResult, RenderTask } from './tasks';

let pool: Piscina | undefined;

function workers(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./entry.mjs', import.meta.url).href,
    // All started at once and kept: a worker's start (loading its code) is not a visitor's wait.
    minThreads: RENDER_LIMITS.threads,
    maxThreads: RENDER_LIMITS.threads,
    resourceLimits: { maxOldGenerationSizeMb: RENDER_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 16 },
  });
  return pool;
}

/** How a task that did not answer ended. */
export type WorkerFailure = 'time' | 'memory' | 'crash';

export class WorkerTaskError extends Error {
  constructor(
    readonly kind: WorkerFailure,
    options?: ErrorOptions,
  ) {
    super(`worker task failed: ${kind}`, options);
    this.name = 'WorkerTaskError';
  }
}

async function run<T>(
  name: string,
  task: unknown,
  options: { signal?: AbortSignal; transferList?: Transferable[] } = {},
): Promise<T> {
  try {
    return (await workers().run(task, { name, ...options })) as T;
  } catch (err) {
    const e = err as { name?: string; code?: string };
    if (e?.name === 'AbortError') throw new WorkerTaskError('time', { cause: err });
    if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerTaskError('memory', { cause: err });
    throw new WorkerTaskError('crash', { cause: err });
  }
}

/**
 * A hard time limit that counts from when a task starts in its worker, not while it waits for one (a worker being
 * started or replaced); a task that is not even started within `waitMs` is ended too.
 */
export class WorkerDeadline {
  readonly controller = new AbortController();
  private running?: NodeJS.Timeout;
  private readonly waiting: NodeJS.Timeout;
  constructor(
    private readonly ms: number,
    waitMs = 30_000,
  ) {
    this.waiting = setTimeout(() => this.controller.abort(), waitMs);
  }
  started() {
    this.running ??= setTimeout(() => this.controller.abort(), this.ms);
  }
  clear() {
    clearTimeout(this.running);
    clearTimeout(this.waiting);
  }
}

/** A render in a worker; the worker tells `deadline` when it starts. */
export async function renderInWorker(task: RenderTask, deadline: WorkerDeadline): Promise<RenderResult> {
  const { port1, port2 } = new MessageChannel();
  port1.once('message', () => deadline.started());
  try {
    return await run<RenderResult>(
      'render',
      { ...task, started: port2 },
      { signal: deadline.controller.signal, transferList: [port2] },
    );
  } finally {
    port1.close();
  }
}

export const sanitizeInWorker = (doc: BlockDocument) => run<BlockDocument>('sanitizeDocument', doc);

/**
 * Starts the workers and waits until they have loaded their code (main.ts: readyz answers 503 until then). Loading
 * takes seconds, and a new instance that took traffic before would keep its first visitors waiting past the render
 * queue's bound (503 busy), as a rolling restart under load showed (tests/multi).
 */
export async function warmWorkers(): Promise<void> {
  const p = workers();
  await Promise.all(Array.from({ length: RENDER_LIMITS.threads }, () => p.run(null, { name: 'loaded' })));
}

/** Ends the workers (the server's shutdown). */
export async function closeWorkers(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
