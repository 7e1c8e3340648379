/**
 * The rows of a content list. A row opens the writer; the last column holds the row's actions. When the columns are
 * wider than the list (a 1024 px window with the menu and the filter panel beside it), the table scrolls sideways
 * inside its box and the row menu stays pinned at its right edge, always in sight. On a phone-sized screen only the
 * title, the status and the actions remain.
 */
import { alpha, type Theme, useMediaQuery } from '@mui/material';
import { DataTable } from 'react-admin';
import type { ContentRow } from '../../../contract/content';
import { BulkDeleteButton } from '../../components/BulkDeleteButton';
import { AuthorsField, CategoryField, LanguageField, TitleField } from './ContentFields';
import { type ContentKind, writerPath } from './kinds';
import { PublishTimeField } from './PublishTimeField';
import { RowActions } from './RowActions';
import { StatusChips } from './StatusChips';
import { useContentNotify } from './useContentNotify';

/** The row menu's column, pinned to the right edge of a table that scrolls sideways. */
const ROW_MENU = 'column-row-menu';

/**
 * Titles keep a readable width (Chinese would otherwise break after every character), and a long unbroken word (a
 * number, an address) wraps rather than widening the table past the window.
 */
const titleCell = () => ({ minWidth: { xs: 120, lg: 160 }, overflowWrap: 'anywhere' as const });

/**
 * Deletes the selected items (each is published with mode -1 by the dataProvider), told by the kind's own words.
 */
function ContentBulkDelete({ kind }: { kind: ContentKind }) {
  const { done, failed } = useContentNotify(kind);
  return (
    <BulkDeleteButton
      resource={kind.resource}
      onDone={() => done('delete')}
      onFailed={(error) => failed('delete', error)}
    />
  );
}

export function ContentTable({ kind }: { kind: ContentKind }) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  return (
    <DataTable<ContentRow>
      rowClick={(id) => writerPath(kind, id)}
      bulkActionButtons={<ContentBulkDelete kind={kind} />}
      sx={(theme) => ({
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
        // Beside the menu and the filter panel (below 1200 px) the cells are tighter, so that every column fits.
        [theme.breakpoints.down('lg')]: { '& .MuiTableCell-root': { px: 0.75 } },
        [`& .${ROW_MENU}`]: {
          position: 'sticky',
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
      })}
    >
      <DataTable.Col source="title" field={TitleField} cellSx={titleCell} />
      <DataTable.Col source="status" field={StatusChips} />
      {wide && <DataTable.Col source="author" field={AuthorsField} disableSort />}
      {wide && <DataTable.Col source="category" field={CategoryField} disableSort />}
      {wide && <DataTable.Col source="publish_ts" field={PublishTimeField} />}
      {wide && <DataTable.Col source="lang_id" field={LanguageField} disableSort />}
      <DataTable.Col label={false} headerClassName={ROW_MENU} cellClassName={ROW_MENU}>
        <RowActions kind={kind} />
      </DataTable.Col>
    </DataTable>
  );
}
