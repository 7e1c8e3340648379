/**
 * What the worker threads do (server/workers/pool.ts runs them): a theme's page render, and the cleaning of a large
 * body's HTML. Each worker keeps the engines of the themes it rendered (parsed templates), by key, within a bound.
 */
import type { MessagePort } from 'node:worker_threads';
import type { BlockDocument } from '../../contract/blocks';
import { type Engine, makeEngine, RenderLimitError, renderWithEngines, type ThemeSource } from './engine';
import type { PageContext } from './objects';
import type { RenderLimitKind } from './renderLimits';
import { sanitizeDocument as sanitizeOnThisThread } from './sanitize';

/** A theme as a render names it: its key, and its source when the worker said it lacked it. */
export interface ThemeRef {
  key: string;
  source?: ThemeSource;
}

export interface RenderTask {
  /** The theme whose `template` renders the page (the built-in one for a reader page the theme lacks). */
  page: ThemeRef;
  template: string;
  /** The theme whose `layout` frames the page, or null when it has none. */
  layout: ThemeRef | null;
  context: PageContext;
  /** Told when the render starts: its time limit counts from then (pool.ts, WorkerDeadline). */
  started?: MessagePort;
}

export type RenderResult =
  | { html: string }
  /** Keys of themes this worker does not hold: sent again with their sources. */
  | { missing: string[] }
  | { limit: RenderLimitKind }
  | { error: string };

/** Engines kept per worker, most recently used last, bounded in number and in template characters. */
const ENGINES_MAX = 64;
const ENGINE_CHARS_MAX = 32e6;
const engines = new Map<string, Engine>();
let engineChars = 0;

function engineOf(ref: ThemeRef): Engine | undefined {
  let engine = engines.get(ref.key);
  if (engine) {
    engines.delete(ref.key);
  } else if (ref.source) {
    engine = makeEngine(ref.source);
    engineChars += engine.size;
  } else {
    return undefined;
  }
  engines.set(ref.key, engine);
  for (const [key, old] of engines) {
    if (engines.size <= ENGINES_MAX && engineChars <= ENGINE_CHARS_MAX) break;
    if (key === ref.key) continue;
    engines.delete(key);
    engineChars -= old.size;
  }
  return engine;
}

export async function render(task: RenderTask): Promise<RenderResult> {
  task.started?.postMessage(0);
  const page = engineOf(task.page);
  const layout = task.layout ? engineOf(task.layout) : null;
  const missing = [...(page ? [] : [task.page.key]), ...(task.layout && !layout ? [task.layout.key] : [])];
  if (!page || missing.length) return { missing };
  try {
    return { html: renderWithEngines(page, task.template, layout ?? null, task.context) };
  } catch (err) {
    if (err instanceof RenderLimitError) return { limit: err.kind };
    return { error: err instanceof Error ? err.message.slice(0, 1000) : String(err).slice(0, 1000) };
  }
}

export function sanitizeDocument(doc: BlockDocument): BlockDocument {
  return sanitizeOnThisThread(doc);
}
