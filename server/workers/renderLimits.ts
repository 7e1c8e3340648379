/**
 * What one site's theme may cost the server, in one place (docs/security.md): a theme's render runs in a worker
 * thread (server/workers/), bounded in time, memory and output, and one site has only so many renders in flight,
 * so that no site's theme or traffic slows the admin or another site.
 */
import { availableParallelism } from 'node:os';
import { RENDER_OUTPUT_LIMIT_CHARS, RENDER_TIME_LIMIT_MS } from '../../contract/themes';

const cores = availableParallelism();

export const RENDER_LIMITS = {
  /** liquidjs's own time budget for a page (its template and the layout together), checked before each node. */
  templateMs: RENDER_TIME_LIMIT_MS,
  /** Wall clock for a render in its worker (parsing included); past it the worker is terminated and replaced. */
  hardMs: 3000,
  /** Output of a page, in characters (the page's HTML is at most about three times that in bytes). */
  outputChars: RENDER_OUTPUT_LIMIT_CHARS,
  /** The heap of a render worker; a render that fills it ends its worker (which is replaced). */
  workerHeapMb: 128,
  /** Render workers: always more than one site may hold, so that other sites find one free. */
  threads: Math.max(3, cores + 1),
  /** Renders of one site in flight on this instance; more wait in its queue. */
  perSite: Math.max(1, Math.floor(cores / 2)),
  /** Renders of one site that may wait; more are refused at once (503). */
  queuePerSite: 16,
  /** The longest a render waits for its turn before it is refused (503 with Retry-After). */
  queueWaitMs: 2000,
  /** Retry-After of that refusal, in seconds. */
  retryAfterS: 5,
  /** A large body is cleaned of unsafe HTML in a worker (sanitize-html takes about 0.5 s per MB). */
  sanitizeInWorkerChars: 64 * 1024,
} as const;

/** Which limit stopped a render. */
export type RenderLimitKind = 'time' | 'output' | 'memory';
