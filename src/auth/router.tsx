/**
 * The sign-in screens' router: a handful of fixed paths under /auth, so a few lines of history API rather than
 * react-router (about 30 kB gzip of the sign-in page, bench/README.md "Bundle"). Only what the screens use: the
 * current path and query, navigate (push or replace), links that stay in the app, and a table of exact paths.
 */
import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  forwardRef,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

interface Place {
  pathname: string;
  search: string;
}

interface RouterState extends Place {
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

const here = (): Place => ({ pathname: window.location.pathname, search: window.location.search });

const RouterContext = createContext<RouterState>({ ...here(), navigate: () => undefined });

export function AuthRouter({ children }: { children: ReactNode }) {
  const [place, setPlace] = useState(here);
  useEffect(() => {
    const onPop = () => setPlace(here());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string, options?: { replace?: boolean }) => {
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    setPlace(here());
  }, []);
  const value = useMemo(() => ({ ...place, navigate }), [place, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export const useLocation = (): Place => useContext(RouterContext);
export const useNavigate = () => useContext(RouterContext).navigate;
export function useSearchParams(): [URLSearchParams] {
  const { search } = useContext(RouterContext);
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** The screen of the current path, or `fallback`: as react-router matches, any case, a trailing slash or not. */
export function Routes({ routes, fallback }: { routes: Record<string, ComponentType>; fallback: ReactNode }) {
  const path = useLocation()
    .pathname.replace(/(.)\/+$/, '$1')
    .toLowerCase();
  const Screen = Object.hasOwn(routes, path) ? routes[path] : undefined;
  return Screen ? <Screen /> : fallback;
}

/** A link within the sign-in screens (`component={RouterLink} to=…` on MUI's Link and Button). */
export const RouterLink = forwardRef<
  HTMLAnchorElement,
  AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; replace?: boolean }
>(function RouterLink({ to, replace, onClick, ...rest }, ref) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    if (event.defaultPrevented || !plain || (rest.target && rest.target !== '_self')) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a ref={ref} href={to} onClick={follow} {...rest} />;
});
