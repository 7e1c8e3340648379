/** SPEC §7's app-level wait-for-data fallback (src/dataProvider/client.ts waitForData), on fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../contract/codes';
import { WAIT_FOR_DATA } from '../../contract/constants';
import { waitForData } from '../../src/dataProvider/client';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waitForData', () => {
  it('is 10 tries at 200 ms (SPEC §7)', () => {
    expect(WAIT_FOR_DATA).toEqual({ tries: 10, intervalMs: 200 });
  });

  it('answers code 1 with the data at once when it is there', async () => {
    const read = vi.fn(() => ({ id: 7 }));
    await expect(waitForData(read)).resolves.toEqual({ code: Code.OK, msg: '', data: { id: 7 } });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('resolves early, as soon as the data comes, without waiting out the tries', async () => {
    let value: string | undefined;
    const read = vi.fn(() => value);
    let settled: unknown;
    void waitForData(read).then((r) => {
      settled = r;
    });
    await vi.advanceTimersByTimeAsync(WAIT_FOR_DATA.intervalMs * 2);
    expect(read).toHaveBeenCalledTimes(3);
    expect(settled).toBeUndefined();
    value = 'session';
    await vi.advanceTimersByTimeAsync(WAIT_FOR_DATA.intervalMs);
    expect(settled).toEqual({ code: Code.OK, msg: '', data: 'session' });
    expect(read).toHaveBeenCalledTimes(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives code 0 after exactly 10 tries, 200 ms apart; a throw or null counts as nothing yet', async () => {
    let n = 0;
    const read = vi.fn(async () => {
      n += 1;
      if (n % 2) throw new Error('not yet');
      return null;
    });
    let settled: unknown;
    void waitForData(read).then((r) => {
      settled = r;
    });
    await vi.advanceTimersByTimeAsync(WAIT_FOR_DATA.intervalMs * (WAIT_FOR_DATA.tries - 1) - 1);
    expect(read).toHaveBeenCalledTimes(WAIT_FOR_DATA.tries - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(WAIT_FOR_DATA.tries);
    expect(settled).toEqual({ code: Code.FAIL, msg: '', data: null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(WAIT_FOR_DATA.tries);
  });

  it('stops at once when aborted', async () => {
    const controller = new AbortController();
    const read = vi.fn(() => undefined);
    const done = waitForData(read, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(WAIT_FOR_DATA.intervalMs);
    controller.abort();
    await expect(done).resolves.toEqual({ code: Code.FAIL, msg: '', data: null });
    expect(read).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
