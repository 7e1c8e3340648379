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

export class Turns {
  private active = 0;
  private readonly waiting: ((release: Release | null) => void)[] = [];
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
    return new Promise((resolve) => {
      const entry = (release: Release | null) => {
        clearTimeout(timer);
        resolve(release);
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        entry(null);
        if (this.idle) this.onIdle?.();
      }, waitMs);
      this.waiting.push(entry);
    });
  }

  private grant(): Release {
    this.active += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.active -= 1;
      const next = this.waiting.shift();
      if (next) next(this.grant());
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
