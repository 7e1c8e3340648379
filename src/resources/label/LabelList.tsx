/**
 * The list of tags or of categories (the same component for /tag, /category and the tabs of /label): keyword filter
 * panel, sortable columns, windowed pagination, the preview address of each label, and the edit and delete modals.
 * The modal is part of the address: `<base>/0` adds a label, `<base>/<id>` edits one.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Card, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { ResourceContextProvider, useCanAccess, useRecordContext, useTranslate } from 'ra-core';
import { useCallback, useState } from 'react';
import {
  BulkDeleteButton,
  Button,
  DataTable,
  FilterLiveSearch,
  LinkBase,
  List,
  TopToolbar,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import type { Label, LabelType } from '../../../contract/labels';
import { DateTimeField } from '../../components/DateTimeField';
import { DeleteDialog } from '../../components/DeleteDialog';
import { WindowPagination } from '../../components/WindowPagination';
import { LabelDialog } from './LabelDialog';
import { LanguageChips } from './LanguageChips';
import { modalFor, previewPath, tableSx } from './labelLogic';

export interface LabelListProps {
  type: LabelType;
  /** Where the list lives: '/tag', '/category' or '/label'. */
  basePath: string;
  /** Kept on the modal addresses (the tab of /label). */
  search?: string;
  /** Inside /label: list parameters are kept in the store under the tab's own key, not in the address. */
  embedded?: boolean;
}

function LabelFilters({ type }: { type: LabelType }) {
  return (
    <Card sx={{ order: -1, mr: 2, mt: 8, width: 240, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
      <CardContent>
        <FilterLiveSearch source="q" label={`resources.${type}.filters.keyword`} />
      </CardContent>
    </Card>
  );
}

function AddButton({ to, variant }: { to: string; variant?: 'text' | 'contained' }) {
  return (
    <Button component={LinkBase} to={to} label="ra.action.create" variant={variant}>
      <AddIcon />
    </Button>
  );
}

function LabelEmpty({ type, addTo, canCreate }: { type: LabelType; addTo: string; canCreate: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h6" component="p">
        {translate(`resources.${type}.empty`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`resources.${type}.emptyHint`)}
      </Typography>
      {canCreate ? <AddButton to={addTo} variant="contained" /> : null}
    </Box>
  );
}

/** The name, with the label's preview address on the site under it. */
function NameCell({ type }: { type: LabelType }) {
  const translate = useTranslate();
  const record = useRecordContext<Label>();
  if (!record) return null;
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {record.name}
      </Box>
      <Typography
        component="code"
        variant="caption"
        title={translate(`resources.${type}.fields.preview`)}
        sx={{ fontFamily: 'monospace', color: 'text.secondary', overflowWrap: 'anywhere' }}
        data-testid="preview-path"
      >
        {previewPath(type, record)}
      </Typography>
    </>
  );
}

function RowActions({
  onEdit,
  onDelete,
  canEdit,
  canDelete,
}: {
  onEdit: (label: Label) => void;
  onDelete: (label: Label) => void;
  canEdit: boolean;
  canDelete: boolean;
}) {
  const translate = useTranslate();
  const record = useRecordContext<Label>();
  if (!record) return null;
  const edit = translate('ra.action.edit');
  const remove = translate('ra.action.delete');
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {canEdit ? (
        <Tooltip title={edit}>
          <IconButton
            size="small"
            aria-label={edit}
            onClick={(e) => {
              e.stopPropagation();
              onEdit(record);
            }}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {canDelete ? (
        <Tooltip title={remove}>
          <IconButton
            size="small"
            aria-label={remove}
            onClick={(e) => {
              e.stopPropagation();
              onDelete(record);
            }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Stack>
  );
}

export function LabelList({ type, basePath, search = '', embedded = false }: LabelListProps) {
  const navigate = useNavigate();
  const params = useParams();
  const modal = modalFor(params['*']);
  const [deleting, setDeleting] = useState<Label | null>(null);
  const { canAccess: canCreate = false } = useCanAccess({ resource: type, action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: type, action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: type, action: 'delete' });

  const addTo = `${basePath}/0${search}`;
  const close = useCallback(() => navigate(`${basePath}${search}`), [navigate, basePath, search]);
  const open = (id: number) => navigate(`${basePath}/${id}${search}`);

  return (
    <ResourceContextProvider value={type}>
      <List
        resource={type}
        title={embedded ? 'labels.title' : undefined}
        aside={<LabelFilters type={type} />}
        actions={<TopToolbar>{canCreate ? <AddButton to={addTo} /> : null}</TopToolbar>}
        pagination={<WindowPagination />}
        perPage={10}
        sort={{ field: 'id', order: 'DESC' }}
        empty={<LabelEmpty type={type} addTo={addTo} canCreate={canCreate} />}
        disableSyncWithLocation={embedded}
        storeKey={embedded ? `label.${type}.listParams` : undefined}
      >
        <DataTable
          sx={tableSx}
          rowClick={canEdit ? (id) => `${basePath}/${id}${search}` : false}
          bulkActionButtons={canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
        >
          <DataTable.Col source="name">
            <NameCell type={type} />
          </DataTable.Col>
          <DataTable.Col source="slug" />
          <DataTable.Col
            source="active"
            disableSort
            render={(r: Label) => <LanguageChips active={r.active} />}
          />
          <DataTable.Col source="count" disableSort />
          <DataTable.Col source="updated_at">
            <DateTimeField source="updated_at" />
          </DataTable.Col>
          <DataTable.Col label={false} disableSort>
            <RowActions
              onEdit={(l) => open(l.id)}
              onDelete={setDeleting}
              canEdit={canEdit}
              canDelete={canDelete}
            />
          </DataTable.Col>
        </DataTable>
      </List>
      {modal?.open ? <LabelDialog type={type} id={modal.id} onClose={close} onDelete={setDeleting} /> : null}
      {deleting ? (
        // The label delete modal (SPEC §2 Modals) says how many items use the label.
        <DeleteDialog
          resource={type}
          record={deleting}
          name={deleting.name}
          title={`resources.${type}.deleteTitle`}
          content={deleting.count > 0 ? `resources.${type}.deleteUsed` : `resources.${type}.deleteBody`}
          contentTranslateOptions={{ count: deleting.count }}
          done={`resources.${type}.deleted`}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            if (modal?.open) close();
          }}
        />
      ) : null}
    </ResourceContextProvider>
  );
}
