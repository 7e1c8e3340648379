/**
 * react-admin's column chooser of a table (ra-ui-materialui 5.15, list/datatable/ColumnsSelector.js, with its search
 * box), which every DataTable renders but which shows only in the menu of a ColumnsButton (the element it looks for
 * by id, as the original does: at once, then every 100 ms for 500 ms); the admin has none, so it never loads.
 * vite.config.ts (lazyParts) puts this module in the original's place.
 */
import { useDataTableStoreContext } from 'ra-core';
import { type ReactNode, useEffect, useState } from 'react';
import { lazyComponent } from './lazyComponent';

const Original = lazyComponent(() =>
  import('../../../node_modules/ra-ui-materialui/dist/list/datatable/ColumnsSelector.js').then(
    (m) => m.ColumnsSelector,
  ),
);

const present = (id: string) => typeof document !== 'undefined' && document.getElementById(id) !== null;

export const ColumnsSelector = ({ children }: { children?: ReactNode }) => {
  const { storeKey } = useDataTableStoreContext();
  const elementId = `${storeKey}-columnsSelector`;
  const [found, setFound] = useState(() => present(elementId));
  useEffect(() => {
    if (found) return;
    const interval = setInterval(() => {
      if (present(elementId)) setFound(true);
    }, 100);
    const timeout = setTimeout(() => clearInterval(interval), 500);
    return () => {
      clearInterval(interval);
      clearTimeout(timeout);
    };
  }, [elementId, found]);
  return found ? <Original>{children}</Original> : null;
};
