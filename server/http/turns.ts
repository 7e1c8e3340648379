/**
 * Turns: at most so many holders at once; the rest wait in order, a bounded number for a bounded time. What bounds
 * one site's share of an instance: its public pages being made (public/renderTurns.ts) and its admin calls
 * (siteTurns.ts).
 */

/** Gives back a turn (once; a second call does nothing). */
export type Release = () => void;

/** How many may hold a turn at once and how many may wait (read at each request, so a test may change them). */
export interface TurnBounds {
  limit: number;
  queueMax: number;
}

/** A call waiting for a turn: answered with one, or with null once its deadline (performance.now() ms) passed. */
interface Waiter {
  deadline: number;
  answer: (release: Release | null) => void;
}

export class Turns {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  /** One timer for the whole queue, set for its earliest deadline (not one per waiting call: most are let in first). */
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  constructor(
    private readonly bounds: () => TurnBounds,
    private readonly onIdle?: () => void,
  ) {}

  get idle() {
    return this.active === 0 && this.waiting.length === 0;
  }

  /** A turn at once, or undefined when every one is held (or others wait first). */
  tryTake(): Release | undefined {
    return this.active < this.bounds().limit && this.waiting.length === 0 ? this.grant() : undefined;
  }

  /** A turn, or null when the queue is full or `waitMs` passed first. */
  take(waitMs: number): Promise<Release | null> {
    const now = this.tryTake();
    if (now) return Promise.resolve(now);
    if (this.waiting.length >= this.bounds().queueMax) return Promise.resolve(null);
    return new Promise((answer) => {
      const deadline = performance.now() + waitMs;
      this.waiting.push({ deadline, answer });
      if (deadline < this.timerAt) this.wakeAt(deadline);
    });
  }

  private wakeAt(deadline: number) {
    clearTimeout(this.timer);
    this.timerAt = deadline;
    this.timer = setTimeout(() => this.refuseLate(), Math.max(0, deadline - performance.now()));
  }

  private stopTimer() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }

  /** Refuses the calls whose wait is over; the timer is set again for the earliest of the rest. */
  private refuseLate() {
    this.stopTimer();
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.waiting.length; ) {
      const waiter = this.waiting[i];
      if (waiter.deadline > now) {
        next = Math.min(next, waiter.deadline);
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      waiter.answer(null);
    }
    if (next < Number.POSITIVE_INFINITY) this.wakeAt(next);
    else if (this.idle) this.onIdle?.();
  }

  private grant(): Release {
    this.active += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.active -= 1;
      const next = this.waiting.shift();
      if (this.waiting.length === 0) this.stopTimer();
      if (next) next.answer(this.grant());
      else if (this.idle) this.onIdle?.();
    };
  }
}

/** Turns of their own for each key (a site), made on first use and dropped once idle. */
export function turnsPerKey(bounds: () => TurnBounds): (key: number) => Turns {
  const byKey = new Map<number, Turns>();
  return (key) => {
    let turns = byKey.get(key);
    if (!turns) {
      const own: Turns = new Turns(bounds, () => {
        if (byKey.get(key) === own) byKey.delete(key);
      });
      turns = own;
      byKey.set(key, own);
    }
    return turns;
  };
}
