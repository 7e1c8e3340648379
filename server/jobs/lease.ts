/**
 * Keeping a claim's lease while its worker is busy (the e-paper sender's deliveries, the mail outbox's rows): `renew`
 * moves the claimed rows' lease ahead, every third of `leaseMs`, until the answer is called. So a lease can be short,
 * and what a killed instance held is taken over soon, however long a live one's work takes; only a process stalled
 * for two thirds of the lease loses its rows (then they may be done twice, never missed).
 */
export function keepLease(
  leaseMs: number,
  renew: () => Promise<unknown>,
  onError: (err: unknown) => void,
): () => void {
  const every = setInterval(() => {
    renew().catch(onError);
  }, leaseMs / 3);
  return () => clearInterval(every);
}
