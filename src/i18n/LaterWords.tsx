/**
 * Holds a screen until the later areas its first render names have loaded (i18n/areas.ts screenAreas: all of them
 * for a screen not listed there), so that it never shows message keys. No wait on the dashboard, which needs none,
 * nor once they are there. A screen listed there loads the other later areas, for its dialogs and the next screens,
 * once it has rendered (`useOtherAreasOnceRendered`). A part such a screen opens in place (a dialog, a panel) whose
 * words are in those other areas waits for them (`lazyWithWords`). The table of areas comes with their files
 * (./laterAreas.ts).
 */
import { type ComponentType, lazy, type ReactNode, Suspense, use, useEffect } from 'react';
import { useLocation } from 'react-router';
import { hasAreas, loadLaterAreas } from '.';

const laterAreas = () => import('./laterAreas');
/** i18n/areas.ts screenAreas, once ./laterAreas.ts has loaded. */
let areasOf: ((pathname: string) => readonly string[]) | null = null;
/** The loads of a screen's words, by its path: one promise each, which `use()` can wait on across renders. */
const loads = new Map<string, Promise<void>>();

function screenWords(pathname: string): Promise<void> {
  let loading = loads.get(pathname);
  if (!loading) {
    loading = laterAreas().then((m) => {
      areasOf = m.screenAreas;
      return loadLaterAreas(m.screenAreas(pathname));
    });
    loads.set(pathname, loading);
  }
  return loading;
}

const ready = (pathname: string) => pathname === '/' || (areasOf !== null && hasAreas(areasOf(pathname)));

function Wait({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (!ready(pathname)) use(screenWords(pathname));
  return children;
}

export function LaterWords({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Wait>{children}</Wait>
    </Suspense>
  );
}

/** Every later area (i18n/areas.ts LATER_AREAS) in the words, loaded once. */
const allLaterAreas = () => laterAreas().then((m) => loadLaterAreas(m.LATER_AREAS));

/** Called by a screen of i18n/areas.ts SCREEN_AREAS: the other later areas load once it has rendered. */
export function useOtherAreasOnceRendered(): void {
  useEffect(() => {
    void allLaterAreas();
  }, []);
}

/**
 * `module` once every later area is in the words as well: for a part that a screen of SCREEN_AREAS opens in place (a
 * dialog, a panel, a button drawn later) with words of areas the screen does not wait for, so that it never shows
 * message keys, however soon after the screen it opens. tests/unit/i18n-screens.test.ts finds the imports that need it.
 */
export function withLaterWords<M>(module: Promise<M>): Promise<M> {
  return Promise.all([module, allLaterAreas()]).then(([m]) => m);
}

/** `lazy()` of such a part (withLaterWords). */
// biome-ignore lint/suspicious/noExplicitAny: lazy()'s own bound: a component of any props
export const lazyWithWords = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) =>
  lazy(() => withLaterWords(load()));
