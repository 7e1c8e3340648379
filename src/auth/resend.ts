/**
 * The e-mail code's resend, shared by registration and the profile: the countdown to the moment the server allows
 * the next mail (10 s after the first, then 120 s between codes), and the call.
 */
import { useEffect, useState } from 'react';
import { authApi } from '../../contract/api/auth';
import type { VerifyReply } from '../../contract/auth';
import { ApiError, call } from '../dataProvider/client';

/** Seconds left until `at` (ms since the epoch), ticking every second. */
export function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Asks for a new code. A too-early answer (1006) still carries when it will be allowed, so the countdown follows
 * the server; the error is thrown on for the caller to show.
 */
export async function resendCode(verification: VerifyReply, update: (next: VerifyReply) => void) {
  try {
    update(await call(authApi.resend, { token: verification.token }));
  } catch (err) {
    const ts = err instanceof ApiError ? (err.body.data as { ts?: number } | null)?.ts : undefined;
    if (ts) update({ ...verification, ts });
    throw err;
  }
}
