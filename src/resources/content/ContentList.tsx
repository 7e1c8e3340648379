/**
 * The list of one kind of content (/press, /page, /epaper): filter panel, sortable columns, windowed pagination,
 * bulk delete, and for articles the 'reorder pinned' mode. Creating and editing happen in the writer.
 */
import { useResourceContext } from 'ra-core';
import { useState } from 'react';
import { List } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { WindowPagination } from '../../components/WindowPagination';
import { ContentFilters } from './ContentFilters';
import { ContentListActions } from './ContentListActions';
import { ContentTable } from './ContentTable';
import { CreateContentButton } from './CreateContentButton';
import { ImportWordButton } from './ImportWordButton';
import { kindOf } from './kinds';
import { PinnedSorter } from './PinnedSorter';
import { PINNED_FIRST } from './pinned';

export default function ContentList() {
  const kind = kindOf(useResourceContext());
  const [reordering, setReordering] = useState(false);
  return (
    <List
      aside={reordering ? undefined : <ContentFilters />}
      actions={
        <ContentListActions kind={kind} reordering={reordering} onReorder={() => setReordering(true)} />
      }
      pagination={reordering ? false : <WindowPagination />}
      perPage={10}
      // No sort column: the server's own order, pinned items first (then the latest changed).
      sort={PINNED_FIRST}
      empty={
        <ListEmpty resource={kind.resource}>
          <CreateContentButton kind={kind} variant="contained" />
          {kind.resource === 'press' && <ImportWordButton />}
        </ListEmpty>
      }
    >
      {reordering ? (
        <PinnedSorter kind={kind} onDone={() => setReordering(false)} />
      ) : (
        <ContentTable kind={kind} />
      )}
    </List>
  );
}
