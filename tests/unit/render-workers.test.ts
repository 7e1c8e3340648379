/**
 * The render workers' bounds (issue 28): one site's turns (renderTurns.ts) and a render's hard time limit, after
 * which its worker is ended and the pool goes on with a fresh one (pool.ts).
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { BlockDocument } from '../../contract/blocks';
import { cleanBody } from '../../server/modules/content/cleanBody';
import { type Release, siteTurn } from '../../server/public/renderTurns';
import { closeWorkers, renderInWorker, WorkerDeadline, WorkerTaskError } from '../../server/workers/pool';
import { RENDER_LIMITS } from '../../server/workers/renderLimits';
import type { RenderTask } from '../../server/workers/tasks';

afterAll(async () => {
  await closeWorkers();
});

describe("a site's turns", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets perSite pages of a site be made at once, queues the next in order, refuses past the queue', async () => {
    vi.useFakeTimers();
    const site = 1001;
    const held: Release[] = [];
    for (let i = 0; i < RENDER_LIMITS.perSite; i++) held.push((await siteTurn(site)) as Release);
    expect(held.every((r) => typeof r === 'function')).toBe(true);
    const order: number[] = [];
    const waiting = Array.from({ length: RENDER_LIMITS.queuePerSite }, (_, i) =>
      siteTurn(site).then((r) => {
        order.push(i);
        return r;
      }),
    );
    // The queue is full: the next is refused at once, and another site is not held up at all.
    expect(await siteTurn(site)).toBeNull();
    const other = await siteTurn(1002);
    expect(other).toBeTypeOf('function');
    other?.();
    // Each release hands the turn to the first in line.
    held[0]();
    held[0]();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([0]);
    const first = await waiting[0];
    first?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([0, 1]);
    // The rest wait no longer than queueWaitMs: then they are refused (503) and leave the line.
    await vi.advanceTimersByTimeAsync(RENDER_LIMITS.queueWaitMs);
    const rest = await Promise.all(waiting.slice(2));
    expect(rest.every((r) => r === null)).toBe(true);
    (await waiting[1])?.();
    for (const r of held.slice(1)) r();
    // All given back: the site starts afresh.
    const again = await siteTurn(site);
    expect(again).toBeTypeOf('function');
    again?.();
  });
});

describe('the hard time limit', () => {
  const task = (template: string): RenderTask => ({
    page: {
      key: `unit:${template.length}`,
      source: { templates: { index: template }, locales: {}, assets: {} },
    },
    template: 'index',
    layout: null,
    context: { site: { language: 'en' }, settings: {} } as unknown as RenderTask['context'],
  });

  it('ends a render that runs past it, and the pool renders the next one on a fresh worker', async () => {
    // The pool started (its workers' start is not a render's time).
    const warm = new WorkerDeadline(RENDER_LIMITS.hardMs);
    expect(await renderInWorker(task('<p>warm</p>'), warm)).toEqual({ html: '<p>warm</p>' });
    warm.clear();
    const spin = task(
      '{% for i in (1..5000) %}{% for j in (1..5000) %}{% assign k = j %}{% endfor %}{% endfor %}',
    );
    const deadline = new WorkerDeadline(50);
    const started = performance.now();
    const failed = await renderInWorker(spin, deadline).catch((err: unknown) => err);
    deadline.clear();
    expect(failed).toBeInstanceOf(WorkerTaskError);
    expect((failed as WorkerTaskError).kind).toBe('time');
    // Ended by the limit, not by liquidjs's own budget (templateMs).
    expect(performance.now() - started).toBeLessThan(RENDER_LIMITS.templateMs);
    const next = new WorkerDeadline(RENDER_LIMITS.hardMs);
    expect(await renderInWorker(task('<p>{{ site.language }}</p>'), next)).toEqual({ html: '<p>en</p>' });
    next.clear();
  });
});

describe('a large body', () => {
  it('is cleaned in a worker, as a small one is on the spot', async () => {
    const paragraph = (text: string) => ({ type: 'paragraph', data: { text } });
    const big = `${'<b>字</b>'.repeat(RENDER_LIMITS.sanitizeInWorkerChars / 8)}<script>alert(1)</script>`;
    const doc = { blocks: [paragraph(big), paragraph('<img src=x onerror=alert(1)>ok')] } as BlockDocument;
    const cleaned = await cleanBody(doc);
    const texts = cleaned.blocks.map((b) => (b as { data: { text: string } }).data.text);
    expect(texts[0]).not.toContain('<script');
    expect(texts[0].startsWith('<b>字</b><b>字</b>')).toBe(true);
    expect(texts[1]).toBe('ok');
  });
});
