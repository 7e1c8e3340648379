/**
 * The list toolbar: for articles the way back to the pinned-first order and the reorder-pinned switch; the button to
 * write a new item.
 */
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { useCanAccess } from 'ra-core';
import { Button, TopToolbar } from 'react-admin';
import { CreateContentButton } from './CreateContentButton';
import { DefaultOrderButton } from './DefaultOrderButton';
import type { ContentKind } from './kinds';

interface Props {
  kind: ContentKind;
  reordering: boolean;
  onReorder: () => void;
}

export function ContentListActions({ kind, reordering, onReorder }: Props) {
  const { canAccess: canEdit } = useCanAccess({ resource: kind.resource, action: 'edit' });
  return (
    <TopToolbar>
      {kind.pinnable && !reordering && <DefaultOrderButton />}
      {kind.pinnable && canEdit && !reordering && (
        <Button label="content.list.reorder" onClick={onReorder}>
          <SwapVertIcon />
        </Button>
      )}
      <CreateContentButton kind={kind} />
    </TopToolbar>
  );
}
