import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A library component loaded when it first renders, showing nothing until then: for a part of react-admin that its
 * screens import for a case the admin's own lists do not use (they pass their own actions, pagination, empty page).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Original = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Original {...props} />
      </Suspense>
    );
  };
}
