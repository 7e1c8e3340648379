/**
 * react-admin's default list actions (ra-ui-materialui 5.15, list/ListActions.js: filter button with its saved
 * queries' dialogs, create and export buttons), which every list's view imports and renders when a list is given no
 * `actions` — the admin's lists give their own: loaded when one renders. vite.config.ts (lazyParts) puts this module
 * in the original's place.
 */
import { lazyComponent } from './lazyComponent';

export const ListActions = lazyComponent(() =>
  import('../../../node_modules/ra-ui-materialui/dist/list/ListActions.js').then((m) => m.ListActions),
);
