/**
 * The signed-in session (`member/status`), fetched once per page and refreshed on demand — and after the server
 * refuses a call, since the role may have changed: the next permission check then reads the new session.
 */
import type { Session } from '../../contract/session';
import { call, onForbidden } from '../dataProvider/client';

let pending: Promise<Session> | null = null;

export function getSession(): Promise<Session> {
  if (!pending) {
    pending = call<Session>('member/status').catch((err) => {
      pending = null;
      throw err;
    });
  }
  return pending;
}

export function refreshSession(): Promise<Session> {
  pending = null;
  return getSession();
}

export function forgetSession(): void {
  pending = null;
}

onForbidden(forgetSession);

/** Where a signed-out visitor of `location` is sent: the sign-in page, with the way back. */
export function loginUrl(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): string {
  const back = `${location.pathname}${location.search}${location.hash}`;
  return back === '/' || back.startsWith('/auth/')
    ? '/auth/login'
    : `/auth/login?goback=${encodeURIComponent(back)}`;
}

/** The same, absolute: react-admin then leaves the admin for the sign-in screens with a full page load. */
export const absoluteLoginUrl = () => `${window.location.origin}${loginUrl()}`;

const HERE = 'http://goback.invalid';

/**
 * A safe place to return to after sign-in: a path on this site, never another host. The browser's own URL parser
 * decides, since it forgives what a prefix check would miss (tabs and newlines are dropped, `\\` reads as `/`).
 */
export function safeGoback(value: string | null): string {
  if (!value?.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return '/';
  }
  if (url.origin !== HERE || url.pathname.startsWith('/auth/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
