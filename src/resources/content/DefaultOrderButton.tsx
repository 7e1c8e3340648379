/** Back to the default order (pinned first, then the latest changed) after sorting by a column. */
import LowPriorityIcon from '@mui/icons-material/LowPriority';
import { useListContext } from 'ra-core';
import { Button } from 'react-admin';
import { isPinnedFirst, PINNED_FIRST } from './pinned';

export function DefaultOrderButton() {
  const { sort, setSort } = useListContext();
  if (isPinnedFirst(sort)) return null;
  return (
    <Button label="content.list.defaultOrder" onClick={() => setSort(PINNED_FIRST)}>
      <LowPriorityIcon />
    </Button>
  );
}
