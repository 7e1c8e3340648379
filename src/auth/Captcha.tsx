/**
 * The bot check: the ALTCHA widget against the challenge endpoint (authApi.captcha), fetched within TIMEOUT.base.
 * The proof of work starts as the screen opens and takes well under a second; the widget reports the solved payload (or null). `reset()` solves a
 * fresh challenge, after the server answered 1005 or spent the payload on a failed call.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { authApi } from '../../contract/api/auth';
import { TIMEOUT } from '../../contract/constants';
import { fetchWithin, urlFor, waitForData } from '../dataProvider/client';
import { useLocaleState, useTranslate } from './authI18n';

export interface CaptchaHandle {
  reset(): void;
}

interface Widget extends HTMLElement {
  reset?: () => void;
  verify?: () => Promise<unknown>;
  /** There once the widget has mounted (a moment after it is added to the page). */
  configure?: (config: { fetch?: typeof fetch }) => unknown;
}

interface AltchaGlobal {
  i18n: {
    get(lang: string): Record<string, string> | undefined;
    set(lang: string, v: Record<string, string>): void;
  };
}

const widgetLanguage: Record<string, string> = { 'zh-TW': 'zh-tw', en: 'en', ja: 'ja' };

export const Captcha = forwardRef<CaptchaHandle, { onChange: (payload: string | null) => void }>(
  function Captcha({ onChange }, ref) {
    const holder = useRef<HTMLDivElement>(null);
    const widget = useRef<Widget | null>(null);
    const onChangeRef = useRef(onChange);
    onChangeRef.current = onChange;
    const translate = useTranslate();
    const [locale] = useLocaleState();

    useImperativeHandle(ref, () => ({
      reset() {
        onChangeRef.current(null);
        widget.current?.reset?.();
        void widget.current?.verify?.();
      },
    }));

    useEffect(() => {
      let cancelled = false;
      let element: Widget | null = null;
      const onState = (event: Event) => {
        const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
        onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
      };
      void import('altcha').then(() => {
        if (cancelled || !holder.current) return;
        const lang = widgetLanguage[locale] ?? 'zh-tw';
        const altcha = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
        altcha.i18n.set(lang, {
          ...(altcha.i18n.get('en') ?? {}),
          label: translate('captcha.label'),
          verified: translate('captcha.verified'),
          verifying: translate('captcha.verifying'),
          waitAlert: translate('captcha.wait'),
          error: translate('captcha.error'),
          expired: translate('captcha.expired'),
          verificationRequired: translate('captcha.required'),
          loading: translate('app.loading'),
          footer: '',
        });
        element = document.createElement('altcha-widget') as Widget;
        element.setAttribute('challenge', urlFor(authApi.captcha.path, { v: window.location.hostname }));
        element.setAttribute('language', lang);
        element.setAttribute('name', 'altcha');
        element.setAttribute('configuration', JSON.stringify({ hideFooter: true, hideLogo: true }));
        element.addEventListener('statechange', onState);
        holder.current.replaceChildren(element);
        widget.current = element;
        // The challenge is a short read outside the catalogue (SPEC §9's 3 s base): the widget fetches it through a
        // bounded fetch, given once it has mounted; then it starts solving, as `auto="onload"` would.
        const mounted = element;
        void waitForData(() => (mounted.configure ? mounted : null)).then(({ data }) => {
          if (cancelled) return;
          data?.configure?.({ fetch: fetchWithin(TIMEOUT.base) });
          if (data) void data.verify?.();
          else mounted.setAttribute('auto', 'onload');
        });
      });
      return () => {
        cancelled = true;
        element?.removeEventListener('statechange', onState);
        element?.remove();
        widget.current = null;
        onChangeRef.current(null);
      };
    }, [locale, translate]);

    return <div ref={holder} className="a-captcha" data-testid="captcha" />;
  },
);
