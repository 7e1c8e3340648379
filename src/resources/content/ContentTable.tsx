/**
 * The rows of a content list. A row opens the writer; the last column holds the row's actions. On a narrow screen
 * only the title, the status and the actions remain.
 */
import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable } from 'react-admin';
import type { ContentRow } from '../../../contract/content';
import { BulkDeleteButton } from './BulkDeleteButton';
import { AuthorsField, CategoryField, LanguageField, TitleField } from './ContentFields';
import { type ContentKind, writerPath } from './kinds';
import { PublishTimeField } from './PublishTimeField';
import { RowActions } from './RowActions';
import { StatusChips } from './StatusChips';

/** Titles keep a readable width (Chinese would otherwise break after every character). */
const titleCell = () => ({ minWidth: 160 });

export function ContentTable({ kind }: { kind: ContentKind }) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  return (
    <DataTable<ContentRow>
      rowClick={(id) => writerPath(kind, id)}
      bulkActionButtons={<BulkDeleteButton kind={kind} />}
      sx={{
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
      }}
    >
      <DataTable.Col source="title" field={TitleField} cellSx={titleCell} />
      <DataTable.Col source="status" field={StatusChips} />
      {wide && <DataTable.Col source="author" field={AuthorsField} disableSort />}
      {wide && <DataTable.Col source="category" field={CategoryField} disableSort />}
      {wide && <DataTable.Col source="publish_ts" field={PublishTimeField} />}
      {wide && <DataTable.Col source="lang_id" field={LanguageField} disableSort />}
      <DataTable.Col label={false}>
        <RowActions kind={kind} />
      </DataTable.Col>
    </DataTable>
  );
}
