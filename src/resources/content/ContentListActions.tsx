/**
 * The list toolbar: for articles the way back to the pinned-first order and the reorder-pinned switch (the list's
 * `reorder` mode); the Word import; the button to write a new item.
 */
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { usePermissions } from 'ra-core';
import { Button } from 'react-admin';
import { mayReorderPinned } from '../../../contract/permissions';
import { useListMode } from '../../entities/overrides';
import { CreateContentButton } from './CreateContentButton';
import { DefaultOrderButton } from './DefaultOrderButton';
import { ImportWordButton } from './ImportWordButton';
import type { ContentKind } from './kinds';

export function ContentListActions({ kind }: { kind: ContentKind }) {
  const { mode, setMode } = useListMode();
  const reordering = mode === 'reorder';
  // Reordering arranges the whole list: it needs post.view_all besides editing.
  const { permissions } = usePermissions<string[]>();
  const canReorder = mayReorderPinned(permissions ?? [], kind.resource);
  return (
    <>
      {kind.pinnable && !reordering && <DefaultOrderButton />}
      {kind.pinnable && canReorder && !reordering && (
        <Button label="content.list.reorder" onClick={() => setMode('reorder')}>
          <SwapVertIcon />
        </Button>
      )}
      {kind.resource === 'press' && <ImportWordButton />}
      <CreateContentButton kind={kind} />
    </>
  );
}
