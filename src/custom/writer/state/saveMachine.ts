/**
 * Autosave, as a small state machine independent of React (and tested with fake timers):
 *
 * - every change is counted (`seq`); a save starts DELAY.autosave after the last change, a manual save at once;
 * - one save is in flight at a time; changes made meanwhile are saved right after it;
 * - a network failure (nothing answered) shows 'offline' and retries when the browser is back online and every 10 s;
 * - a busy site (the server asks to try again in a moment) shows 'busy' and retries likewise;
 * - a conflict (someone else saved first) stops autosave until the writer chooses: load the latest, or keep mine
 *   (the next save is sent with force);
 * - 'saved' shows for a moment (about 3 s) and then hides.
 */

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'busy' | 'conflict' | 'error';

/** The failures a later try may get past by itself: the machine retries them every `retryEvery`. */
const RETRIED: readonly SaveStatus[] = ['offline', 'busy'];

export interface SaveView {
  status: SaveStatus;
  /** Whether the indicator shows (it hides a while after a save). */
  visible: boolean;
  /** Changes not yet confirmed by the server. */
  dirty: boolean;
  /** When the last save was confirmed. */
  savedAt: number | null;
}

export interface SaveAttempt {
  /** The change counter the sent copy holds. */
  seq: number;
  force: boolean;
}

export interface SaveMachineOptions<R> {
  /** Takes the current copy and sends it. */
  send: (attempt: SaveAttempt) => Promise<R>;
  onSaved?: (reply: R, attempt: SaveAttempt) => void;
  onConflict?: (error: unknown) => void;
  onError?: (error: unknown) => void;
  onChange?: (view: SaveView) => void;
  isNetworkError: (error: unknown) => boolean;
  /** The server refused for now (too much of the site's work in progress): tried again later, as offline. */
  isBusy?: (error: unknown) => boolean;
  isConflict: (error: unknown) => boolean;
  /** Subscribes to the browser's `online` event; answers the unsubscribe. */
  onOnline?: (listener: () => void) => () => void;
  /** False while a copy should not be taken (an input method is composing): the save waits a moment. */
  ready?: () => boolean;
  delay?: number;
  retryEvery?: number;
  hideAfter?: number;
  now?: () => number;
}

export const SAVE_TIMING = { retryEvery: 10_000, hideAfter: 3_000 } as const;

export class SaveMachine<R> {
  private seq = 0;
  private confirmed = 0;
  private status: SaveStatus = 'idle';
  private visible = false;
  private savedAt: number | null = null;
  private force = false;
  private again = false;
  private inFlight: Promise<void> | null = null;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setInterval> | undefined;
  private hide: ReturnType<typeof setTimeout> | undefined;
  private unsubscribeOnline: (() => void) | undefined;
  private disposed = false;
  /** Bumped by reset(): a save still in flight from before is ignored when it answers. */
  private generation = 0;
  private view: SaveView;

  constructor(private readonly opts: SaveMachineOptions<R>) {
    this.view = this.makeView();
    this.unsubscribeOnline = opts.onOnline?.(() => {
      if (RETRIED.includes(this.status) || (this.status === 'error' && this.dirty)) void this.run();
    });
  }

  get delay() {
    return this.opts.delay ?? 2_000;
  }

  /** The change counter: the number of changes made since the machine started. */
  get changes() {
    return this.seq;
  }

  get dirty() {
    return this.seq > this.confirmed || this.inFlight !== null;
  }

  get current(): SaveView {
    return this.view;
  }

  /** Counts a change and schedules the autosave. Answers the new change counter. */
  change(): number {
    this.seq += 1;
    if (this.status === 'saved' || this.status === 'idle') this.set('pending', false);
    else this.emit();
    if (this.status !== 'conflict') this.schedule(this.delay);
    return this.seq;
  }

  /** Saves now (button, Ctrl/Cmd+S): even without changes when `always`. */
  saveNow(always = false): Promise<void> {
    clearTimeout(this.debounce);
    if (this.status === 'conflict') return Promise.resolve();
    if (always && !this.dirty) this.seq += 1;
    return this.run();
  }

  /**
   * Saves whatever is unsaved and waits for it. Answers whether everything is on the server (false while offline,
   * busy, in conflict or after an error).
   */
  async flush(): Promise<boolean> {
    clearTimeout(this.debounce);
    for (let i = 0; i < 100 && !this.disposed; i++) {
      if (this.inFlight) {
        await this.inFlight;
        continue;
      }
      if (this.status === 'conflict') return false;
      if (this.seq <= this.confirmed && !this.force) return true;
      if (this.opts.ready && !this.opts.ready()) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      await this.run();
      if ([...RETRIED, 'error', 'conflict'].includes(this.current.status)) return false;
    }
    return !this.dirty;
  }

  /** The writer chose in the conflict dialog. */
  resolveConflict(choice: 'mine' | 'latest'): Promise<void> {
    if (choice === 'latest') {
      this.reset();
      return Promise.resolve();
    }
    this.force = true;
    this.set('saving', true);
    return this.run(true);
  }

  /** A fresh start on newly loaded content: nothing unsaved. */
  reset(): void {
    this.clearTimers();
    this.generation += 1;
    this.inFlight = null;
    this.seq = 0;
    this.confirmed = 0;
    this.force = false;
    this.again = false;
    this.set('idle', false);
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimers();
    this.unsubscribeOnline?.();
  }

  private clearTimers() {
    clearTimeout(this.debounce);
    clearInterval(this.retry);
    clearTimeout(this.hide);
    this.retry = undefined;
  }

  private schedule(ms: number) {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.run(), ms);
  }

  private run(fromConflict = false): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.status === 'conflict' && !fromConflict) return Promise.resolve();
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    if (this.seq <= this.confirmed && !this.force) return Promise.resolve();
    if (this.opts.ready && !this.opts.ready()) {
      this.schedule(300);
      return Promise.resolve();
    }
    const attempt: SaveAttempt = { seq: this.seq, force: this.force };
    const generation = this.generation;
    const stale = () => this.disposed || generation !== this.generation;
    clearTimeout(this.hide);
    this.set('saving', true);
    const flight = (async () => {
      try {
        const reply = await this.opts.send(attempt);
        if (stale()) return;
        this.confirmed = Math.max(this.confirmed, attempt.seq);
        if (attempt.force) this.force = false;
        clearInterval(this.retry);
        this.retry = undefined;
        this.savedAt = (this.opts.now ?? Date.now)();
        this.opts.onSaved?.(reply, attempt);
        this.set('saved', true);
        this.hide = setTimeout(() => {
          if (this.status === 'saved') this.set('saved', false);
        }, this.opts.hideAfter ?? SAVE_TIMING.hideAfter);
      } catch (error) {
        if (stale()) return;
        this.again = false;
        if (this.opts.isConflict(error)) {
          this.clearTimers();
          this.force = false;
          this.set('conflict', true);
          this.opts.onConflict?.(error);
        } else if (this.opts.isNetworkError(error) || this.opts.isBusy?.(error)) {
          this.set(this.opts.isNetworkError(error) ? 'offline' : 'busy', true);
          if (!this.retry) {
            this.retry = setInterval(() => void this.run(), this.opts.retryEvery ?? SAVE_TIMING.retryEvery);
          }
        } else {
          this.set('error', true);
          this.opts.onError?.(error);
        }
      }
    })();
    const tracked: Promise<void> = flight.finally(() => {
      if (stale()) return;
      this.inFlight = null;
      this.emit();
      // Changes made while this save was in flight (or a save asked for meanwhile) go right after it.
      if (this.again && !this.disposed) {
        this.again = false;
        if (this.seq > this.confirmed) void this.run();
      }
    });
    this.inFlight = tracked;
    return tracked;
  }

  private makeView(): SaveView {
    return { status: this.status, visible: this.visible, dirty: this.dirty, savedAt: this.savedAt };
  }

  private set(status: SaveStatus, visible: boolean) {
    this.status = status;
    this.visible = visible;
    this.emit();
  }

  private emit() {
    const next = this.makeView();
    const prev = this.view;
    if (
      prev.status === next.status &&
      prev.visible === next.visible &&
      prev.dirty === next.dirty &&
      prev.savedAt === next.savedAt
    ) {
      return;
    }
    this.view = next;
    this.opts.onChange?.(next);
  }
}
