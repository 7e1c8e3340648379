/**
 * The generated List of an entity resource: columns from the `list` fields, the filter panel (components/lists.tsx
 * FilterPanel) from the `filter` fields, the `searches` and the day range, sorting where `sort` says, pagination in
 * windows of 5, the one bulk delete (components/BulkDeleteButton), the CSV export (components/CsvExportButton) when
 * declared, an empty state, and the create/edit dialog over the list — part of the address: `<base>/0` adds a
 * record, `<base>/<id>` edits one (or opens the record page, overrides.Show, instead: entities/resources.tsx). Only
 * the ops the entity serves are offered: no add, edit or delete where it does not save or delete, no add where its
 * records are made elsewhere (`creates: false`). An override's `Below` follows the list on the same screen; its
 * `modes` take the table's place when its toolbar switches to one (overrides.ts useListMode).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Avatar, IconButton, Stack, type Theme, Tooltip, Typography, useMediaQuery } from '@mui/material';
import {
  type RaRecord,
  ResourceContextProvider,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'ra-core';
import { type ComponentType, lazy, Suspense, use, useCallback, useState } from 'react';
import { Button, DataTable, LinkBase, List, TopToolbar } from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import { type EntityView, type FieldView, rangeField, updates } from '../../contract/entityBrief';
import { DateTimeField } from '../components/DateTimeField';
import { ListEmpty } from '../components/ListEmpty';
import { FilterLiveForm, FilterLiveSearch, FilterPanel } from '../components/lists';
import { WindowPagination } from '../components/WindowPagination';
import { lazyWithWords } from '../i18n/LaterWords';
import { type EntityListProps, type EntityOverrides, ListModeContext, useListMode } from './overrides';
import { loadView } from './registry';
import { initials, modalFor, tableSx } from './view';

// Loaded when needed: most lists filter by keyword only, and an entity with its own dialog never loads this one.
const ChoiceFilter = lazy(() => import('./ChoiceFilter'));
const RangeFilter = lazy(() => import('./RangeFilter'));
const EntityDialog = lazyWithWords(() => import('./EntityDialog'));
const KindCell = lazy(() => import('./KindCell'));
// The bulk delete with the first selection (it renders in react-admin's bulk actions toolbar, which loads then:
// src/layout/lazyParts/BulkActionsToolbar.tsx), the delete dialog when a row's delete is clicked.
const BulkDeleteButton = lazy(() =>
  import('../components/BulkDeleteButton').then((m) => ({ default: m.BulkDeleteButton })),
);
const DeleteDialog = lazy(() =>
  import('../components/DeleteDialog').then((m) => ({ default: m.DeleteDialog })),
);
// The export only where the entity declares one.
const CsvExportButton = lazyWithWords(() =>
  import('../components/CsvExportButton').then((m) => ({ default: m.CsvExportButton })),
);

/** The row actions' column (overrides.tableSx may style it). */
const ROW_ACTIONS = 'column-row-actions';

/** The filter panel: the keyword boxes (searches first), the `in` filters, the day range. */
function Filters({ resource, entity }: { resource: string; entity: EntityView }) {
  const fields = Object.entries(entity.fields);
  const searches = [
    ...Object.keys(entity.searches ?? {}),
    ...fields.filter(([, field]) => field.filter === 'search').map(([name]) => name),
  ];
  // The values the panel can offer: a reference's records, an enum's choices, on and off (others, such as a staff
  // member's role, are the API's filters only).
  const choices = fields.filter(
    ([, field]) =>
      field.filter === 'in' && (field.reference || field.choices?.length || field.kind === 'switch'),
  );
  const range = rangeField(entity.fields);
  if (searches.length === 0 && choices.length === 0 && !range) return null;
  const label = (name: string) => `resources.${resource}.filters.${name}`;
  const [first, ...more] = searches;
  return (
    <FilterPanel search={first ? { source: first, label: label(first) } : undefined}>
      {more.map((name) => (
        <FilterLiveSearch key={name} source={name} label={label(name)} />
      ))}
      {choices.map(([name, field]) => (
        <FilterLiveForm key={name}>
          <Suspense fallback={null}>
            <ChoiceFilter resource={resource} name={name} field={field} />
          </Suspense>
        </FilterLiveForm>
      ))}
      {range ? (
        <FilterLiveForm>
          <Suspense fallback={null}>
            <RangeFilter resource={resource} />
          </Suspense>
        </FilterLiveForm>
      ) : null}
    </FilterPanel>
  );
}

function AddButton({ to, variant }: { to: string; variant?: 'text' | 'contained' }) {
  return (
    <Button component={LinkBase} to={to} label="ra.action.create" variant={variant}>
      <AddIcon />
    </Button>
  );
}

/** A picture, or the initials of the record's title when there is none (or it does not load). */
function ImageCell({ source, title }: { source: string; title: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Avatar src={record[source] || undefined} alt="" sx={{ width: 36, height: 36, fontSize: '0.95rem' }}>
      {initials(String(record[title] ?? ''))}
    </Avatar>
  );
}

function TextCell({ source }: { source: string }) {
  const record = useRecordContext();
  const value = record?.[source];
  return value === '' || value === null || value === undefined ? (
    <Typography component="span" variant="body2" color="text.disabled">
      —
    </Typography>
  ) : (
    String(value)
  );
}

/** The cell of a listed field, by kind. */
function cellOf(
  resource: string,
  entity: EntityView,
  name: string,
  field: FieldView,
  cells: EntityOverrides['cells'],
) {
  const Cell: ComponentType | undefined = cells?.[name];
  if (Cell) return <Cell />;
  switch (field.kind) {
    case 'dateTime':
      return <DateTimeField source={name} />;
    case 'image':
      return <ImageCell source={name} title={entity.title} />;
    case 'switch':
    case 'money':
    case 'number':
    case 'enum':
    case 'reference':
    case 'references':
    case 'date':
      return (
        <Suspense fallback={null}>
          <KindCell resource={resource} name={name} field={field} />
        </Suspense>
      );
    default:
      return <TextCell source={name} />;
  }
}

function RowActions({
  onEdit,
  onDelete,
  canEdit,
  canDelete,
  locked,
  Extra,
}: {
  onEdit: (record: RaRecord) => void;
  onDelete: (record: RaRecord) => void;
  canEdit: boolean;
  canDelete: boolean;
  locked?: EntityOverrides['locked'];
  Extra?: EntityOverrides['RowActions'];
}) {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const why = locked?.(record);
  const action = (label: string, Icon: typeof EditIcon, run: (record: RaRecord) => void) => (
    <Tooltip title={translate(why ?? label)}>
      <span>
        <IconButton
          size="small"
          aria-label={translate(label)}
          disabled={Boolean(why)}
          onClick={(e) => {
            e.stopPropagation();
            run(record);
          }}
        >
          <Icon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {Extra ? <Extra /> : null}
      {canEdit ? action('ra.action.edit', EditIcon, onEdit) : null}
      {canDelete ? action('ra.action.delete', DeleteIcon, onDelete) : null}
    </Stack>
  );
}

/** The list, in its view (overrides.modes): the table, or the mode the toolbar switched to. */
export function EntityList(props: EntityListProps) {
  const [mode, setMode] = useState<string | null>(null);
  return (
    <ListModeContext value={{ mode, setMode }}>
      <EntityScreen {...props} />
    </ListModeContext>
  );
}

function EntityScreen({
  resource,
  overrides = {},
  basePath = `/${resource}`,
  search = '',
  embedded,
  title,
}: EntityListProps) {
  const navigate = useNavigate();
  const params = useParams();
  const modal = modalFor(params['*']);
  const [deleting, setDeleting] = useState<RaRecord | null>(null);
  const { canAccess: mayCreate = false } = useCanAccess({ resource, action: 'create' });
  const { canAccess: mayEdit = false } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: mayDelete = false } = useCanAccess({ resource, action: 'delete' });
  // Its view, not its declaration: the list loads no schemas (the dialog does).
  const entity = use(loadView(resource));
  const {
    Dialog = EntityDialog,
    Show,
    Actions,
    Below,
    Filters: OwnFilters,
    rowPath,
    Empty,
    BulkDelete,
  } = overrides;
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const { mode, setMode } = useListMode();
  const Mode = mode ? overrides.modes?.[mode] : undefined;
  // What the role may do of what the entity serves (an entity whose records are made elsewhere adds none; one whose
  // save only makes them changes none).
  // A list whose rows lead elsewhere (rowPath) has neither the dialog nor its add, edit and delete.
  const canCreate = mayCreate && Boolean(entity.api.save) && entity.creates !== false && !rowPath;
  const canEdit = mayEdit && Boolean(entity.api.save) && updates(entity) && !rowPath;
  const canDelete = mayDelete && Boolean(entity.api.delete);
  const exported = entity.api.export;

  const addTo = `${basePath}/0${search}`;
  const close = useCallback(() => navigate(`${basePath}${search}`), [navigate, basePath, search]);
  const listed = Object.entries(entity.fields).filter(
    ([name, field]) => field.list && (wide || !overrides.wideOnly?.includes(name)),
  );
  const sort = overrides.sort ?? {
    field: entity.defaultSort.col,
    order: entity.defaultSort.order === 'asc' ? 'ASC' : 'DESC',
  };
  const deleteText = deleting
    ? (overrides.deleteContent?.(deleting) ?? { content: `resources.${resource}.deleteBody` })
    : null;

  return (
    <ResourceContextProvider value={resource}>
      <List
        resource={resource}
        title={title}
        aside={
          Mode ? undefined : OwnFilters ? <OwnFilters /> : <Filters resource={resource} entity={entity} />
        }
        actions={
          <TopToolbar>
            {Actions ? <Actions /> : null}
            {exported ? (
              <Suspense fallback={null}>
                <CsvExportButton
                  endpoint={exported}
                  resource={resource}
                  fileName={`${resource}.csv`}
                  label={`resources.${resource}.export.label`}
                  done={`resources.${resource}.export.done`}
                  data-testid={`${resource}-export`}
                />
              </Suspense>
            ) : null}
            {canCreate ? <AddButton to={addTo} /> : null}
          </TopToolbar>
        }
        pagination={Mode ? false : <WindowPagination />}
        perPage={overrides.perPage ?? 10}
        sort={sort}
        empty={
          <ListEmpty resource={resource}>
            {Empty ? <Empty /> : canCreate ? <AddButton to={addTo} variant="contained" /> : null}
          </ListEmpty>
        }
        disableSyncWithLocation={embedded}
        storeKey={embedded ? `${basePath}.${resource}.listParams` : undefined}
      >
        {Mode ? (
          <Mode onDone={() => setMode(null)} />
        ) : (
          <DataTable
            sx={[tableSx, ...(Array.isArray(overrides.tableSx) ? overrides.tableSx : [overrides.tableSx])]}
            rowClick={rowPath ?? (canEdit || Show ? (id) => `${basePath}/${id}${search}` : false)}
            bulkActionButtons={
              canDelete || overrides.BulkActions ? (
                <>
                  {overrides.BulkActions ? <overrides.BulkActions /> : null}
                  {canDelete ? (
                    BulkDelete ? (
                      <BulkDelete />
                    ) : (
                      <Suspense fallback={null}>
                        <BulkDeleteButton resource={resource} />
                      </Suspense>
                    )
                  ) : null}
                </>
              ) : (
                false
              )
            }
          >
            {listed.map(([name, field]) => (
              <DataTable.Col key={name} source={name} disableSort={!field.sort}>
                {cellOf(resource, entity, name, field, overrides.cells)}
              </DataTable.Col>
            ))}
            <DataTable.Col
              label={false}
              disableSort
              headerClassName={ROW_ACTIONS}
              cellClassName={ROW_ACTIONS}
            >
              <RowActions
                onEdit={(record) => navigate(`${basePath}/${record.id}${search}`)}
                onDelete={setDeleting}
                canEdit={canEdit}
                canDelete={canDelete && !rowPath}
                locked={overrides.locked}
                Extra={overrides.RowActions}
              />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      {Below ? <Below /> : null}
      {modal?.open &&
      !rowPath &&
      (entity.api.save || overrides.Dialog) &&
      (modal.id > 0 || entity.creates !== false) ? (
        // The list stays while the dialog's code loads (an entity that does not save has no generated dialog).
        <Suspense fallback={null}>
          <Dialog
            resource={resource}
            id={modal.id}
            onClose={close}
            onDelete={setDeleting}
            overrides={overrides}
          />
        </Suspense>
      ) : null}
      {deleting && deleteText ? (
        <Suspense fallback={null}>
          <DeleteDialog
            resource={resource}
            record={deleting}
            name={String(deleting[entity.title] ?? '')}
            title={`resources.${resource}.deleteTitle`}
            content={deleteText.content}
            contentTranslateOptions={deleteText.options}
            done={`resources.${resource}.deleted`}
            warnCode={overrides.warnCode}
            onClose={() => setDeleting(null)}
            onDeleted={() => {
              setDeleting(null);
              if (modal?.open) close();
            }}
          />
        </Suspense>
      ) : null}
    </ResourceContextProvider>
  );
}

export default EntityList;
/** Which screen a list's address asks for (entities/resources.tsx reads it with the list). */
export { modalFor };
