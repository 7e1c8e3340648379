/** server/http/afterReply.ts: work left for after a reply starts once it is sent, is waited for, and fails quietly. */
import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { afterReplyTracker } from '../../server/http/afterReply';

/** A reply whose raw response finishes when the test says. */
function pendingReply() {
  const raw = Object.assign(new EventEmitter(), { writableFinished: false, destroyed: false });
  return { reply: { raw } as unknown as FastifyReply, finish: () => raw.emit('finish') };
}

describe('afterReplyTracker', () => {
  it('starts the work only once the reply is sent, and idle() waits for it', async () => {
    const tracker = afterReplyTracker();
    const { reply, finish } = pendingReply();
    const steps: string[] = [];
    tracker.run(
      reply,
      async () => {
        steps.push('work');
      },
      () => steps.push('error'),
    );
    await Promise.resolve();
    expect(steps).toEqual([]);
    finish();
    await tracker.idle();
    expect(steps).toEqual(['work']);
  });

  it('gives a failure to onError (no unhandled rejection), also when onError itself throws', async () => {
    const tracker = afterReplyTracker();
    const { reply, finish } = pendingReply();
    const errors: unknown[] = [];
    tracker.run(
      reply,
      async () => {
        throw new Error('outbox down');
      },
      (err) => errors.push(err),
    );
    tracker.run(
      reply,
      async () => {
        throw new Error('again');
      },
      () => {
        throw new Error('logger down');
      },
    );
    finish();
    await tracker.idle();
    expect(errors.map((e) => (e as Error).message)).toEqual(['outbox down']);
  });

  it('waits for work started by work', async () => {
    const tracker = afterReplyTracker();
    const sent = { raw: { writableFinished: true, destroyed: false } } as unknown as FastifyReply;
    const steps: string[] = [];
    tracker.run(
      sent,
      async () => {
        tracker.run(
          sent,
          async () => void steps.push('second'),
          () => undefined,
        );
        steps.push('first');
      },
      () => undefined,
    );
    await tracker.idle();
    expect(steps).toEqual(['first', 'second']);
  });
});
