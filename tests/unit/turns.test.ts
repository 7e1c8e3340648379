/**
 * Turns (server/http/turns.ts): the waiting calls are let in in order and refused once their wait is over, by one
 * timer for the whole queue; none is left set once the queue is empty (it would hold the process open).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Release, Turns } from '../../server/http/turns';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const bounds =
  (limit: number, queueMax = 10) =>
  () => ({ limit, queueMax });

describe('Turns', () => {
  it('lets the waiting calls in, in order, as turns are given back', async () => {
    const turns = new Turns(bounds(1));
    const first = turns.tryTake() as Release;
    const order: string[] = [];
    const a = turns.take(1000).then((r) => {
      order.push('a');
      return r;
    });
    const b = turns.take(1000).then((r) => {
      order.push('b');
      return r;
    });
    expect(turns.tryTake()).toBeUndefined();
    first();
    const ra = await a;
    expect(order).toEqual(['a']);
    ra?.();
    const rb = await b;
    expect(order).toEqual(['a', 'b']);
    expect(vi.getTimerCount()).toBe(0);
    rb?.();
    expect(turns.idle).toBe(true);
  });

  it('refuses each call when its own wait is over, a shorter wait behind a longer one first', async () => {
    const idle = vi.fn();
    const turns = new Turns(bounds(1), idle);
    const held = turns.tryTake() as Release;
    const answers: Record<string, Release | null | 'waiting'> = { long: 'waiting', short: 'waiting' };
    void turns.take(1000).then((r) => {
      answers.long = r;
    });
    void turns.take(200).then((r) => {
      answers.short = r;
    });
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(answers).toEqual({ long: 'waiting', short: 'waiting' });
    await vi.advanceTimersByTimeAsync(2);
    expect(answers).toEqual({ long: 'waiting', short: null });
    await vi.advanceTimersByTimeAsync(800);
    expect(answers).toEqual({ long: null, short: null });
    expect(vi.getTimerCount()).toBe(0);
    expect(idle).not.toHaveBeenCalled();
    held();
    expect(idle).toHaveBeenCalledTimes(1);
  });

  it('never refuses a call it has let in, and refuses at once past the queue', async () => {
    const turns = new Turns(bounds(1, 1));
    const held = turns.tryTake() as Release;
    const waiting = turns.take(100);
    expect(await turns.take(100)).toBeNull();
    held();
    const granted = await waiting;
    expect(granted).toBeTypeOf('function');
    await vi.advanceTimersByTimeAsync(1000);
    expect(turns.tryTake()).toBeUndefined();
    granted?.();
    expect(turns.tryTake()).toBeTypeOf('function');
  });
});
