/**
 * Turns on this instance: at most RENDER_LIMITS.perSite pages of one site being made at once (from the database to
 * the render), and no more renders than the render workers, so a render never waits inside the pool (its time
 * limit is its own run). The rest wait in order, a bounded number for a bounded time; past either bound the visitor
 * is asked to come back (503).
 */
import { RENDER_LIMITS } from '../workers/renderLimits';

/** Gives back a turn. */
export type Release = () => void;

class Turns {
  private active = 0;
  private readonly waiting: ((release: Release | null) => void)[] = [];
  constructor(
    private readonly limit: number,
    private readonly queueMax: number,
    private readonly onIdle?: () => void,
  ) {}

  get idle() {
    return this.active === 0 && this.waiting.length === 0;
  }

  /** A turn, or null when the queue is full or `waitMs` passed first. */
  take(waitMs: number): Promise<Release | null> {
    if (this.active < this.limit) return Promise.resolve(this.grant());
    if (this.waiting.length >= this.queueMax) return Promise.resolve(null);
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

const bySite = new Map<number, Turns>();
const workers = new Turns(RENDER_LIMITS.threads, Number.POSITIVE_INFINITY);

/**
 * A turn to make a page of `siteId` (its objects from the database and its render), or null: the site has too many
 * waiting, or the wait ran out (the visitor is asked to come back).
 */
export function siteTurn(siteId: number): Promise<Release | null> {
  let site = bySite.get(siteId);
  if (!site) {
    const own: Turns = new Turns(RENDER_LIMITS.perSite, RENDER_LIMITS.queuePerSite, () => {
      if (bySite.get(siteId) === own) bySite.delete(siteId);
    });
    site = own;
    bySite.set(siteId, own);
  }
  return site.take(RENDER_LIMITS.queueWaitMs);
}

/** A render worker's turn (all sites'), or null when none came free in time. */
export const workerTurn = (): Promise<Release | null> => workers.take(RENDER_LIMITS.queueWaitMs);
