/**
 * The signed-in session (`member/status`), fetched once per page and refreshed on demand — and after the server
 * refuses a call, since the role may have changed: the next permission check then reads the new session.
 */
import { authApi } from '../../contract/api/auth';
import type { Session } from '../../contract/session';
import { call, onForbidden } from '../dataProvider/client';

let pending: Promise<Session> | null = null;
/** The session the current request answered, once it has. */
let known: Session | null = null;

export function getSession(): Promise<Session> {
  if (!pending) {
    const request: Promise<Session> = call(authApi.status).then(
      (session) => {
        if (pending === request) known = session;
        return session;
      },
      (err) => {
        if (pending === request) pending = null;
        throw err;
      },
    );
    pending = request;
  }
  return pending;
}

/** The session if it has come, without asking (what the wait-for-data fallback looks at), else null. */
export const knownSession = (): Session | null => known;

export function refreshSession(): Promise<Session> {
  pending = null;
  known = null;
  return getSession();
}

export function forgetSession(): void {
  pending = null;
  known = null;
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

/**
 * A safe place to return to after sign-in (`goback`): a path of this site's `origin`, never another host; anything
 * else is '/'. The URL parser decides, as the browser will: it drops tabs and newlines, reads `\` as `/` and
 * resolves `.`, `..` and `%2e`, so `/..//evil.example` becomes the path `//evil.example`, which the browser then
 * reads as another host. The answer must therefore be a path that resolves to itself, and must not begin with `//`
 * or `/\` even once decoded (`/%2F%2Fhost`), in case a router decodes it before using it. The sign-in screens
 * themselves are no way back.
 */
export function safeGoback(value: string | null, origin: string): string {
  if (!value?.startsWith('/')) return '/';
  try {
    const url = new URL(value, origin);
    const back = `${url.pathname}${url.search}${url.hash}`;
    const onSite = url.origin === origin && new URL(back, origin).href === url.href;
    const hostLike = /^\/[\\/]/.test(decodeURIComponent(url.pathname));
    return onSite && !hostLike && !/^\/auth(\/|$)/.test(url.pathname) ? back : '/';
  } catch {
    // Not a URL, or a path with a broken %-escape.
    return '/';
  }
}
