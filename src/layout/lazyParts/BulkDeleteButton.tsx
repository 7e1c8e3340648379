/**
 * react-admin's bulk delete button (ra-ui-materialui 5.15, button/BulkDeleteButton.js), a table's default bulk
 * action, which renders only in the bulk actions toolbar — itself loaded with the first selection
 * (./BulkActionsToolbar.tsx): loaded then, with its undo and confirm variants. vite.config.ts (lazyParts) puts this
 * module in the original's place.
 */
import { type ComponentProps, forwardRef, lazy, Suspense } from 'react';

type Original =
  typeof import('../../../node_modules/ra-ui-materialui/dist/button/BulkDeleteButton.js').BulkDeleteButton;

const Original = lazy(() =>
  import('../../../node_modules/ra-ui-materialui/dist/button/BulkDeleteButton.js').then((m) => ({
    default: m.BulkDeleteButton,
  })),
);

export const BulkDeleteButton = forwardRef<HTMLButtonElement, ComponentProps<Original>>(
  function BulkDeleteButton(props, ref) {
    return (
      <Suspense fallback={null}>
        <Original ref={ref} {...props} />
      </Suspense>
    );
  },
);
