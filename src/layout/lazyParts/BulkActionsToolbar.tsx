/**
 * react-admin's bulk actions toolbar (ra-ui-materialui 5.15, list/BulkActionsToolbar.js), which every list's table
 * renders and which shows nothing until a row is selected (collapsed, it is an empty bar of no height laid over the
 * table's top): loaded with the first selection, and kept from then on (it collapses as the original does). Its
 * buttons render inside it, so they load then too. vite.config.ts (lazyParts) puts this module in the original's
 * place.
 */
import { useListContext } from 'ra-core';
import { type ComponentProps, lazy, Suspense, useState } from 'react';

type Props = ComponentProps<
  typeof import('../../../node_modules/ra-ui-materialui/dist/list/BulkActionsToolbar.js').BulkActionsToolbar
>;

const Original = lazy(() =>
  import('../../../node_modules/ra-ui-materialui/dist/list/BulkActionsToolbar.js').then((m) => ({
    default: m.BulkActionsToolbar,
  })),
);

export const BulkActionsToolbar = (props: Props) => {
  const { selectedIds = [] } = useListContext();
  const [used, setUsed] = useState(false);
  if (selectedIds.length > 0 && !used) setUsed(true);
  if (!used && selectedIds.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Original {...props} />
    </Suspense>
  );
};

// The original's class names, which its module exports too (the styles stay with the toolbar).
const PREFIX = 'RaBulkActionsToolbar';
export const BulkActionsToolbarClasses = {
  toolbar: `${PREFIX}-toolbar`,
  topToolbar: `${PREFIX}-topToolbar`,
  buttons: `${PREFIX}-buttons`,
  collapsed: `${PREFIX}-collapsed`,
  title: `${PREFIX}-title`,
  icon: `${PREFIX}-icon`,
};
