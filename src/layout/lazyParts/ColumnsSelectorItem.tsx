/**
 * react-admin's entry of a table's column chooser (ra-ui-materialui 5.15, list/datatable/ColumnsSelectorItem.js, with
 * its switch, drag handle and diacritics table), which every DataTable column imports but renders only inside the
 * column chooser (./ColumnsSelector.tsx), itself loaded when a ColumnsButton shows it: loaded with it. vite.config.ts
 * (lazyParts) puts this module in the original's place.
 */
import { lazyComponent } from './lazyComponent';

export const ColumnsSelectorItem = lazyComponent(() =>
  import('../../../node_modules/ra-ui-materialui/dist/list/datatable/ColumnsSelectorItem.js').then(
    (m) => m.ColumnsSelectorItem,
  ),
);
