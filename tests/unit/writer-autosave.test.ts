/** The autosave and retry state machine (src/custom/writer/state/saveMachine.ts), on fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../contract/codes';
import { DELAY } from '../../contract/constants';
import { isBusy, isNetworkError } from '../../src/custom/writer/api';
import { type SaveAttempt, SaveMachine, type SaveView } from '../../src/custom/writer/state/saveMachine';
import { ApiError } from '../../src/dataProvider/client';

class NetErr extends Error {}
class BusyErr extends Error {}
class ConflictErr extends Error {}
class OtherErr extends Error {}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(send: (a: SaveAttempt) => Promise<number>) {
  const online = new Set<() => void>();
  const views: SaveView[] = [];
  const saved: SaveAttempt[] = [];
  const conflicts: unknown[] = [];
  const errors: unknown[] = [];
  const sendMock = vi.fn(send);
  const machine = new SaveMachine<number>({
    send: sendMock,
    delay: DELAY.autosave,
    isNetworkError: (e) => e instanceof NetErr,
    isBusy: (e) => e instanceof BusyErr,
    isConflict: (e) => e instanceof ConflictErr,
    onSaved: (_r, a) => saved.push(a),
    onConflict: (e) => conflicts.push(e),
    onError: (e) => errors.push(e),
    onChange: (v) => views.push(v),
    onOnline: (fn) => {
      online.add(fn);
      return () => online.delete(fn);
    },
  });
  const goOnline = () => {
    for (const fn of online) fn();
  };
  return { machine, send: sendMock, views, saved, conflicts, errors, goOnline, online };
}

/** Lets pending promise callbacks run (fake timers do not advance microtasks by themselves). */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave', () => {
  it('saves 2 s after the last change, once', async () => {
    const { machine, send, saved } = setup(async () => 1);
    machine.change();
    await vi.advanceTimersByTimeAsync(1500);
    machine.change();
    await vi.advanceTimersByTimeAsync(1999);
    expect(send).not.toHaveBeenCalled();
    expect(machine.current).toMatchObject({ status: 'pending', dirty: true });
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(saved).toEqual([{ seq: 2, force: false }]);
    expect(machine.current).toMatchObject({ status: 'saved', visible: true, dirty: false });
  });

  it('the saved indicator hides about 3 s after the save', async () => {
    const { machine } = setup(async () => 1);
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    expect(machine.current.visible).toBe(true);
    await vi.advanceTimersByTimeAsync(2900);
    expect(machine.current.visible).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(machine.current).toMatchObject({ status: 'saved', visible: false });
  });

  it('a manual save goes at once and cancels the pending autosave', async () => {
    const { machine, send } = setup(async () => 1);
    machine.change();
    await machine.saveNow();
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('nothing to save: no call, unless asked to save anyway (creating a new item)', async () => {
    const { machine, send } = setup(async () => 1);
    await machine.saveNow();
    expect(send).not.toHaveBeenCalled();
    await machine.saveNow(true);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('one save at a time; changes made meanwhile are saved right after', async () => {
    const first = deferred<number>();
    let calls = 0;
    const { machine, send, saved } = setup(() => (++calls === 1 ? first.promise : Promise.resolve(2)));
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    expect(machine.current.status).toBe('saving');
    machine.change();
    machine.change();
    void machine.saveNow();
    expect(send).toHaveBeenCalledTimes(1);
    first.resolve(1);
    await flush();
    await flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(saved.map((a) => a.seq)).toEqual([1, 3]);
    expect(machine.current.dirty).toBe(false);
  });

  it('flush waits for everything to be on the server', async () => {
    const { machine, saved } = setup(async () => 1);
    machine.change();
    machine.change();
    await expect(machine.flush()).resolves.toBe(true);
    expect(saved).toEqual([{ seq: 2, force: false }]);
  });
});

describe('offline and retry', () => {
  it('a network failure shows offline, keeps the changes and retries every 10 s', async () => {
    let up = false;
    const { machine, send, saved } = setup(async () => {
      if (!up) throw new NetErr();
      return 1;
    });
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    expect(machine.current).toMatchObject({ status: 'offline', visible: true, dirty: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(2);
    machine.change(); // typing on while offline
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    expect(machine.current.status).toBe('offline');
    up = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saved.at(-1)).toEqual({ seq: 2, force: false });
    expect(machine.current).toMatchObject({ status: 'saved', dirty: false });
    const calls = send.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(calls);
  });

  it('retries when the browser is back online', async () => {
    let up = false;
    const { machine, goOnline } = setup(async () => {
      if (!up) throw new NetErr();
      return 1;
    });
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    expect(machine.current.status).toBe('offline');
    up = true;
    goOnline();
    await flush();
    expect(machine.current).toMatchObject({ status: 'saved', dirty: false });
  });

  it('a busy site shows busy, keeps the changes and saves them by itself on a later try', async () => {
    let busy = true;
    const { machine, send, saved, errors, goOnline } = setup(async () => {
      if (busy) throw new BusyErr();
      return 1;
    });
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    expect(machine.current).toMatchObject({ status: 'busy', visible: true, dirty: true });
    // No error toast: the indicator says it, and the machine tries again.
    expect(errors).toHaveLength(0);
    await expect(machine.flush()).resolves.toBe(false);
    const tried = send.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(tried + 1);
    expect(machine.current.status).toBe('busy');
    busy = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saved.at(-1)).toEqual({ seq: 1, force: false });
    expect(machine.current).toMatchObject({ status: 'saved', dirty: false });
    // Back online also tries a busy save at once.
    busy = true;
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    expect(machine.current.status).toBe('busy');
    busy = false;
    goOnline();
    await flush();
    expect(machine.current).toMatchObject({ status: 'saved', dirty: false });
  });

  it('flush answers false while offline', async () => {
    const { machine } = setup(async () => {
      throw new NetErr();
    });
    machine.change();
    await expect(machine.flush()).resolves.toBe(false);
    expect(machine.current.status).toBe('offline');
  });

  it('another failure shows an error and waits for the next change', async () => {
    let fail = true;
    const { machine, send, errors } = setup(async () => {
      if (fail) throw new OtherErr();
      return 1;
    });
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    expect(machine.current).toMatchObject({ status: 'error', dirty: true });
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    fail = false;
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    expect(machine.current.status).toBe('saved');
  });
});

describe('conflicts', () => {
  it('stops autosave until the writer chooses; keep mine saves with force', async () => {
    let conflict = true;
    const { machine, send, conflicts, saved } = setup(async (a) => {
      if (conflict && !a.force) throw new ConflictErr();
      return 1;
    });
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    expect(machine.current).toMatchObject({ status: 'conflict', visible: true });
    expect(conflicts).toHaveLength(1);
    machine.change();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).toHaveBeenCalledTimes(1);
    await machine.resolveConflict('mine');
    expect(saved).toEqual([{ seq: 2, force: true }]);
    conflict = false;
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    expect(saved.at(-1)).toEqual({ seq: 3, force: false });
  });

  it('load the latest starts clean', async () => {
    const { machine } = setup(async () => {
      throw new ConflictErr();
    });
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    await machine.resolveConflict('latest');
    expect(machine.current).toMatchObject({ status: 'idle', dirty: false, visible: false });
  });

  it('a forced save that meets the network retries with force', async () => {
    let up = false;
    const { machine, saved } = setup(async (a) => {
      if (!a.force) throw new ConflictErr();
      if (!up) throw new NetErr();
      return 1;
    });
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave);
    await machine.resolveConflict('mine');
    expect(machine.current.status).toBe('offline');
    up = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saved).toEqual([{ seq: 1, force: true }]);
  });
});

describe('input methods and reloads', () => {
  it('waits while an input method is composing', async () => {
    let composing = true;
    const send = vi.fn(async () => 1);
    const machine = new SaveMachine<number>({
      send,
      delay: DELAY.autosave,
      isNetworkError: () => false,
      isConflict: () => false,
      ready: () => !composing,
    });
    machine.change();
    await vi.advanceTimersByTimeAsync(DELAY.autosave + 1000);
    expect(send).not.toHaveBeenCalled();
    composing = false;
    await vi.advanceTimersByTimeAsync(300);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a save still in flight when new content is loaded is ignored', async () => {
    const first = deferred<number>();
    const { machine, saved } = setup(() => first.promise);
    machine.change();
    void machine.saveNow();
    machine.reset();
    first.resolve(1);
    await flush();
    expect(saved).toEqual([]);
    expect(machine.current).toMatchObject({ status: 'idle', dirty: false });
  });
});

describe('disposal', () => {
  it('stops timers and the online listener', async () => {
    const { machine, send, online } = setup(async () => 1);
    machine.change();
    machine.dispose();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).not.toHaveBeenCalled();
    expect(online.size).toBe(0);
  });
});

describe("the writer's failures, as its save machine is told them (writer/api.ts)", () => {
  const failure = (status: number, code: number) => new ApiError('x', status, { code, msg: '', data: null });
  it('takes nothing answering, or a gateway while the server restarts, for offline; a busy site for busy', () => {
    expect([0, 502, 503, 504].map((s) => isNetworkError(failure(s, Code.FAIL)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([500, 404, 200].map((s) => isNetworkError(failure(s, Code.FAIL)))).toEqual([false, false, false]);
    expect(isBusy(failure(200, Code.SITE_BUSY))).toBe(true);
    expect(isBusy(failure(200, Code.TOO_FREQUENT))).toBe(false);
  });
});
