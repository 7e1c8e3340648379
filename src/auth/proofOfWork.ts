/**
 * The ALTCHA proof of work (altcha-lib v2, the challenge server/adapters/captcha.ts makes): find the counter whose
 * key — SHA(salt ‖ nonce ‖ counter as 4 big-endian bytes), hashed again `cost − 1` times and cut to `keyLength` —
 * starts with `keyPrefix`. The payload the server checks is base64 JSON of {challenge, solution}, as the ALTCHA
 * widget sends it. The widget itself weighs 35 kB gzip, more than a quarter of the sign-in page's budget (issue 31);
 * WebCrypto hashes off the main thread, so no worker is needed for the server's ≤ 20,000 tries.
 */

export interface Challenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength?: number;
    keyPrefix: string;
    expiresAt?: number;
    [more: string]: unknown;
  };
  signature?: string;
}

export interface Solution {
  counter: number;
  derivedKey: string;
}

const ALGORITHMS = new Set(['SHA-256', 'SHA-384', 'SHA-512']);
/** Keys hashed at once: enough to keep WebCrypto busy, few enough to stop soon after the answer. */
const BATCH = 64;
/** The widget's bound on the search, far above the server's counters. */
const MAX_COUNTER = 10_000_000;

const bytes = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((h) => Number.parseInt(h, 16)));
const hex = (buffer: Uint8Array) => Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');

async function keyOf(challenge: Challenge, prefix: Uint8Array, counter: number): Promise<Uint8Array> {
  const { algorithm, cost, keyLength = 32 } = challenge.parameters;
  const data = new Uint8Array(prefix.length + 4);
  data.set(prefix);
  new DataView(data.buffer).setUint32(prefix.length, counter, false);
  let key = new Uint8Array(await crypto.subtle.digest(algorithm, data));
  for (let i = 1; i < Math.max(1, cost); i++)
    key = new Uint8Array(await crypto.subtle.digest(algorithm, key));
  return key.slice(0, keyLength);
}

/** The solution, or null once `signal` aborts; throws on a challenge it cannot solve. */
export async function solve(challenge: Challenge, signal?: AbortSignal): Promise<Solution | null> {
  const { algorithm, keyPrefix, nonce, salt } = challenge.parameters;
  if (!ALGORITHMS.has(algorithm) || !/^[0-9a-f]+$/i.test(keyPrefix)) throw new Error(`unsolvable challenge`);
  const wanted = keyPrefix.toLowerCase();
  const prefix = new Uint8Array([...bytes(salt), ...bytes(nonce)]);
  for (let start = 0; start < MAX_COUNTER; start += BATCH) {
    if (signal?.aborted) return null;
    const counters = Array.from({ length: BATCH }, (_, i) => start + i);
    const keys = await Promise.all(counters.map((counter) => keyOf(challenge, prefix, counter)));
    const found = keys.findIndex((key) => hex(key).startsWith(wanted));
    if (found >= 0) return { counter: counters[found], derivedKey: hex(keys[found]) };
  }
  throw new Error('no solution');
}

/** What the API takes as `token`: base64 of the challenge and its solution (UTF-8 JSON). */
export function payloadOf(challenge: Challenge, solution: Solution): string {
  const json = JSON.stringify({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  });
  return btoa(Array.from(new TextEncoder().encode(json), (b) => String.fromCharCode(b)).join(''));
}
