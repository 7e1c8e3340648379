/**
 * The bot check: an ALTCHA proof of work (proofOfWork.ts) on the challenge endpoint (authApi.captcha), fetched within
 * TIMEOUT.base. It starts as the screen opens and takes well under a second; it reports the solved payload (or
 * null), and says where it stands (verifying, verified, failed) in a live region. `reset()` solves a fresh
 * challenge, after the server answered 1005 or spent the payload on a failed call; so does an expired one.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { authApi } from '../../contract/api/auth';
import { TIMEOUT } from '../../contract/constants';
import { fetchWithin, urlFor } from '../dataProvider/client';
import { useTranslate } from './authI18n';
import { type Challenge, payloadOf, solve } from './proofOfWork';

export interface CaptchaHandle {
  reset(): void;
}

type State = 'verifying' | 'verified' | 'error';

const STATE_WORDS: Record<State, string> = {
  verifying: 'captcha.verifying',
  verified: 'captcha.verified',
  error: 'captcha.error',
};

const CHECK = 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z';

export const Captcha = forwardRef<CaptchaHandle, { onChange: (payload: string | null) => void }>(
  function Captcha({ onChange }, ref) {
    const translate = useTranslate();
    const [state, setState] = useState<State>('verifying');
    const onChangeRef = useRef(onChange);
    onChangeRef.current = onChange;
    const run = useRef<AbortController | null>(null);

    /** Drops any payload and solves a fresh challenge. */
    const start = useCallback(() => {
      run.current?.abort();
      const controller = new AbortController();
      run.current = controller;
      const { signal } = controller;
      onChangeRef.current(null);
      setState('verifying');
      void (async () => {
        const reply = await fetchWithin(TIMEOUT.base)(
          urlFor(authApi.captcha.path, { v: window.location.hostname }),
          {
            signal,
          },
        );
        if (!reply.ok) throw new Error(`challenge: HTTP ${reply.status}`);
        const challenge = (await reply.json()) as Challenge;
        const solution = await solve(challenge, signal);
        if (!solution || signal.aborted) return;
        onChangeRef.current(payloadOf(challenge, solution));
        setState('verified');
        // An expired challenge is refused: a fresh one is solved before it would be sent.
        const expiresAt = challenge.parameters.expiresAt;
        if (expiresAt) {
          const timer = setTimeout(start, Math.max(0, expiresAt * 1000 - Date.now() - 5000));
          signal.addEventListener('abort', () => clearTimeout(timer));
        }
      })().catch(() => {
        if (!signal.aborted) setState('error');
      });
    }, []);

    useImperativeHandle(ref, () => ({ reset: start }), [start]);

    useEffect(() => {
      start();
      return () => {
        run.current?.abort();
        onChangeRef.current(null);
      };
    }, [start]);

    return (
      <div className={`a-captcha a-pow-${state}`} data-testid="captcha">
        <span className="a-pow-mark" aria-hidden="true">
          {state === 'verified' && (
            <svg className="a-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={CHECK} fill="currentColor" />
            </svg>
          )}
        </span>
        <span className="a-pow-label">{translate('captcha.label')}</span>
        <span role="status" className="a-pow-state">
          {translate(STATE_WORDS[state])}
        </span>
        {state === 'error' && (
          <button type="button" className="a-btn a-btn-text" onClick={start}>
            {translate('captcha.retry')}
          </button>
        )}
      </div>
    );
  },
);
