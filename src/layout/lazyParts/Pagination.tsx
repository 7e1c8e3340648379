/**
 * react-admin's default list pagination (ra-ui-materialui 5.15, list/pagination/Pagination.js, on MUI's
 * TablePagination), which every list's view imports and renders for a list given no `pagination` — the admin's
 * lists give their own (components/WindowPagination.tsx): loaded when one renders. vite.config.ts (lazyParts) puts
 * this module in the original's place.
 */
import { lazyComponent } from './lazyComponent';

export const Pagination = lazyComponent(() =>
  import('../../../node_modules/ra-ui-materialui/dist/list/pagination/Pagination.js').then(
    (m) => m.Pagination,
  ),
);
