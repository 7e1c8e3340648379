/**
 * The article and e-paper lists (/press, /epaper): the generated list (src/entities/EntityList.tsx) with these
 * screens attached — the filter panel, the toolbar (default order, reorder pinned, Word import, write a new item),
 * the cells, the row menu, the bulk delete told by the kind's words, the empty state, the server's order (pinned
 * first) and the 'reorder pinned' mode in place of the table. A row opens the writer. When the columns are wider
 * than the list (a 1024 px window with the menu and the filter panel beside it), the table scrolls sideways inside
 * its box and the row menu stays pinned at its right edge, always in sight. On a phone-sized screen only the title,
 * the status and the actions remain.
 */
import { alpha, type SxProps, type Theme } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { EntityOverrides } from '../../entities/overrides';
import { AuthorsField, CategoryField, LanguageField, TitleField } from './ContentFields';
import { ContentFilters } from './ContentFilters';
import { ContentListActions } from './ContentListActions';
import { CreateContentButton } from './CreateContentButton';
import { ImportWordButton } from './ImportWordButton';
import { CONTENT_KINDS, type ContentResource, writerPath } from './kinds';
import { PublishTimeField } from './PublishTimeField';
import { PINNED_FIRST } from './pinned';
import { RowActions } from './RowActions';
import { StatusChips } from './StatusChips';
import { useContentNotify } from './useContentNotify';

// The bulk delete with the first selection (react-admin's bulk actions toolbar loads then).
const BulkDeleteButton = lazy(() =>
  import('../../components/BulkDeleteButton').then((m) => ({ default: m.BulkDeleteButton })),
);
// The drag reordering (and its drag-and-drop library) loads when the reorder mode opens.
const PinnedSorter = lazy(() => import('./PinnedSorter').then((m) => ({ default: m.PinnedSorter })));

/** The row menu's column (EntityList's), pinned to the right edge of a table that scrolls sideways. */
const ROW_MENU = 'column-row-actions';

const tableSx: SxProps<Theme> = (theme) => ({
  // Titles keep a readable width (Chinese would otherwise break after every character), and a long unbroken word
  // (a number, an address) wraps rather than widening the table past the window.
  '& td.column-title': { minWidth: { xs: 120, lg: 160 }, overflowWrap: 'anywhere' as const },
  // Beside the menu and the filter panel (below 1200 px) the cells are tighter, so that every column fits.
  [theme.breakpoints.down('lg')]: { '& .MuiTableCell-root': { px: 0.75 } },
  [`& .${ROW_MENU}`]: {
    position: 'sticky' as const,
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: `inset 1px 0 0 ${theme.palette.divider}`,
  },
  // The pinned cell is opaque: it takes the row's hover and selection shades over its own background.
  [`& .MuiTableRow-hover:hover .${ROW_MENU}`]: {
    backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
  [`& .Mui-selected .${ROW_MENU}`]: {
    backgroundImage: `linear-gradient(${alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)}, ${alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)})`,
  },
});

const cells = {
  title: TitleField,
  status: () => <StatusChips />,
  author: AuthorsField,
  category: CategoryField,
  publish_ts: PublishTimeField,
  lang_id: LanguageField,
};

/** The overrides of one kind's list (src/entities/overrides/press.tsx, epaper.tsx). */
export function contentListOverrides(resource: ContentResource): EntityOverrides {
  const kind = CONTENT_KINDS[resource];
  return {
    Filters: ContentFilters,
    Actions: () => <ContentListActions kind={kind} />,
    Empty: () => (
      <>
        <CreateContentButton kind={kind} variant="contained" />
        {resource === 'press' && <ImportWordButton />}
      </>
    ),
    cells,
    RowActions: () => <RowActions kind={kind} />,
    // Deletes the selected items (each is published with mode -1 by the dataProvider), told by the kind's words.
    BulkDelete: function ContentBulkDelete() {
      const { done, failed } = useContentNotify(kind);
      return (
        <Suspense fallback={null}>
          <BulkDeleteButton
            resource={resource}
            onDone={() => done('delete')}
            onFailed={(error) => failed('delete', error)}
          />
        </Suspense>
      );
    },
    rowPath: (id) => writerPath(kind, id),
    perPage: 10,
    // No sort column: the server's own order, pinned items first (then the latest changed).
    sort: PINNED_FIRST,
    wideOnly: ['author', 'category', 'publish_ts', 'lang_id'],
    tableSx,
    modes: {
      reorder: ({ onDone }) => (
        <Suspense fallback={null}>
          <PinnedSorter kind={kind} onDone={onDone} />
        </Suspense>
      ),
    },
  };
}
