/**
 * react-admin's default empty list page (ra-ui-materialui 5.15, list/Empty.js, with its create button), which every
 * list's view imports and renders for an empty list given no `empty` — the admin's lists give their own
 * (components/ListEmpty.tsx): loaded when one renders. vite.config.ts (lazyParts) puts this module in the original's
 * place.
 */
import { lazyComponent } from './lazyComponent';

export const Empty = lazyComponent(() =>
  import('../../../node_modules/ra-ui-materialui/dist/list/Empty.js').then((m) => m.Empty),
);

// The original's class names, which its module exports too (the styles stay with the page).
const PREFIX = 'RaEmpty';
export const EmptyClasses = {
  message: `${PREFIX}-message`,
  icon: `${PREFIX}-icon`,
  toolbar: `${PREFIX}-toolbar`,
};
