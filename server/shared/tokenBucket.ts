/**
 * So many of something per client per minute: a token bucket per key, refilled continuously (the analytics events of
 * a visitor, the discount codes a user tries). Per process: with several instances a client gets that many from
 * each, a bound all the same. The buckets are kept least recently
 * used first (a Map keeps insertion order and a bucket is put back at the end on each use); when `maxClients` are
 * held, a new client makes the least recently used ones go, never the others, so a flood of new keys (someone
 * rotating addresses) costs the other clients nothing of what they have spent.
 */
export class ClientBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    /** Buckets kept at most. */
    private readonly maxClients = 50_000,
  ) {}

  /** How many of `wanted` the client may have now (the rest are refused). */
  take(key: string, wanted: number, now: number): number {
    const rate = this.perMinute / 60_000;
    const held = this.buckets.get(key);
    const tokens = held
      ? Math.min(this.perMinute, held.tokens + Math.max(0, now - held.at) * rate)
      : this.perMinute;
    const granted = Math.max(0, Math.min(wanted, Math.floor(tokens)));
    if (held) this.buckets.delete(key);
    else this.evict(this.maxClients - 1);
    this.buckets.set(key, { tokens: tokens - granted, at: now });
    return granted;
  }

  /** Buckets held now (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  /** Forgets the least recently used buckets until at most `keep` are left. */
  private evict(keep: number) {
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= keep) return;
      this.buckets.delete(key);
    }
  }
}
