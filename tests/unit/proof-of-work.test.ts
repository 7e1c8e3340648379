/** The sign-in screens' proof of work (src/auth/proofOfWork.ts) against altcha-lib, as the server makes and checks it. */
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { type Challenge, payloadOf, solve } from '../../src/auth/proofOfWork';

const secret = 'test-secret';
const keySecret = `${secret}:key`;

const challengeOf = (counter: number, cost = 1, algorithm = 'SHA-256') =>
  createChallenge({
    algorithm,
    cost,
    counter,
    deriveKey,
    data: { host: '例子.example' },
    expiresAt: Math.floor(Date.now() / 1000) + 600,
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: keySecret,
  }) as Promise<Challenge>;

describe('the proof of work', () => {
  it.each([
    [1234, 1, 'SHA-256'],
    [0, 1, 'SHA-256'],
    [77, 3, 'SHA-512'],
  ])('finds counter %i (cost %i, %s) and the server accepts it', async (counter, cost, algorithm) => {
    const challenge = await challengeOf(counter, cost, algorithm);
    const solution = await solve(challenge);
    expect(solution?.counter).toBe(counter);
    const result = await verifySolution({
      challenge: challenge as never,
      solution: solution as never,
      deriveKey,
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: keySecret,
    });
    expect(result.verified).toBe(true);
  });

  it('sends what the server decodes: base64 of UTF-8 JSON with the challenge and the solution', async () => {
    const challenge = await challengeOf(5);
    const solution = (await solve(challenge)) as NonNullable<Awaited<ReturnType<typeof solve>>>;
    const decoded = JSON.parse(Buffer.from(payloadOf(challenge, solution), 'base64').toString('utf8'));
    expect(decoded).toEqual({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    });
  });

  it('stops when aborted, and refuses a challenge it cannot solve', async () => {
    const challenge = await challengeOf(5000);
    const controller = new AbortController();
    controller.abort();
    expect(await solve(challenge, controller.signal)).toBeNull();
    await expect(
      solve({ ...challenge, parameters: { ...challenge.parameters, algorithm: 'ARGON2ID' } }),
    ).rejects.toThrow();
  });
});
