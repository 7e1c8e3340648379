/**
 * Holds a screen other than the dashboard until the admin's later words have loaded (src/i18n/index.ts
 * `laterWords`): the admin that started on its dashboard loads them once it has rendered, so a screen opened from it
 * soon after waits for them rather than showing message keys. No wait once they are there, nor on the dashboard.
 */
import { type ReactNode, Suspense, use } from 'react';
import { useLocation } from 'react-router';
import { laterWords, laterWordsLoaded } from '.';

function Wait({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (pathname !== '/' && !laterWordsLoaded()) use(laterWords());
  return children;
}

export function LaterWords({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Wait>{children}</Wait>
    </Suspense>
  );
}
