/**
 * react-admin's preferences Inspector (ra-ui-materialui 5.15, preferences/Inspector.js), which its Layout renders on
 * every screen and which shows nothing until a Configurable element is edited: loaded then. vite.config.ts
 * (lazyParts) puts this module in the original's place.
 */
import { usePreferencesEditor } from 'ra-core';
import { lazy, Suspense } from 'react';

const Original = lazy(() =>
  import('../../../node_modules/ra-ui-materialui/dist/preferences/Inspector.js').then((m) => ({
    default: m.Inspector,
  })),
);

export const Inspector = () => {
  const { isEnabled } = usePreferencesEditor();
  if (!isEnabled) return null;
  return (
    <Suspense fallback={null}>
      <Original />
    </Suspense>
  );
};

// The original's class names, which its module exports too (the styles stay with the inspector).
const PREFIX = 'RaInspector';
export const InspectorClasses = {
  modal: `${PREFIX}-modal`,
  title: `${PREFIX}-title`,
  content: `${PREFIX}-content`,
};
