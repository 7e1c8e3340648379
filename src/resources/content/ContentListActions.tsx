/**
 * The list toolbar: for articles the way back to the pinned-first order and the reorder-pinned switch; the button to
 * write a new item.
 */
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { usePermissions } from 'ra-core';
import { Button, TopToolbar } from 'react-admin';
import { mayReorderPinned } from '../../../contract/permissions';
import { CreateContentButton } from './CreateContentButton';
import { DefaultOrderButton } from './DefaultOrderButton';
import { ImportWordButton } from './ImportWordButton';
import type { ContentKind } from './kinds';

interface Props {
  kind: ContentKind;
  reordering: boolean;
  onReorder: () => void;
}

export function ContentListActions({ kind, reordering, onReorder }: Props) {
  // Reordering arranges the whole list: it needs post.view_all besides editing.
  const { permissions } = usePermissions<string[]>();
  const canReorder = mayReorderPinned(permissions ?? [], kind.resource);
  return (
    <TopToolbar>
      {kind.pinnable && !reordering && <DefaultOrderButton />}
      {kind.pinnable && canReorder && !reordering && (
        <Button label="content.list.reorder" onClick={onReorder}>
          <SwapVertIcon />
        </Button>
      )}
      {kind.resource === 'press' && <ImportWordButton />}
      <CreateContentButton kind={kind} />
    </TopToolbar>
  );
}
