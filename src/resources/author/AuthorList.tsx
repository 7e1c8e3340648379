/**
 * /author, /author/:id (SPEC §2): the site's authors with their avatar, name, title and whether a member account is
 * linked; keyword filter panel and windowed pagination. Adding (/author/0) and editing (/author/:id) happen in a modal
 * over the list. Linked authors keep their actions disabled, with the reason.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import { Avatar, Box, Card, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useCanAccess, useGetIdentity, useRecordContext, useTranslate } from 'ra-core';
import { useCallback, useState } from 'react';
import { Button, DataTable, FilterLiveSearch, LinkBase, List, TopToolbar } from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import type { Author } from '../../../contract/authors';
import { Code } from '../../../contract/codes';
import { DateTimeField } from '../../components/DateTimeField';
import { DeleteDialog } from '../../components/DeleteDialog';
import { WindowPagination } from '../../components/WindowPagination';
import { modalFor, tableSx } from '../label/labelLogic';
import { AuthorDialog } from './AuthorDialog';
import { initials, isLinked, isOwn } from './authorLogic';

const BASE = '/author';

function AuthorFilters() {
  return (
    <Card sx={{ order: -1, mr: 2, mt: 8, width: 240, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
      <CardContent>
        <FilterLiveSearch source="q" label="resources.author.filters.keyword" />
      </CardContent>
    </Card>
  );
}

function AddButton({ variant }: { variant?: 'text' | 'contained' }) {
  return (
    <Button component={LinkBase} to={`${BASE}/0`} label="ra.action.create" variant={variant}>
      <AddIcon />
    </Button>
  );
}

function AuthorEmpty({ canCreate }: { canCreate: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h6" component="p">
        {translate('resources.author.empty')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.author.emptyHint')}
      </Typography>
      {canCreate ? <AddButton variant="contained" /> : null}
    </Box>
  );
}

function AvatarCell() {
  const record = useRecordContext<Author>();
  if (!record) return null;
  // MUI's Avatar falls back to the initials when the picture does not load.
  return (
    <Avatar src={record.avatar || undefined} alt="" sx={{ width: 36, height: 36, fontSize: '0.95rem' }}>
      {initials(record.name)}
    </Avatar>
  );
}

function LinkedCell() {
  const translate = useTranslate();
  const record = useRecordContext<Author>();
  const { identity } = useGetIdentity();
  if (!record || !isLinked(record)) return null;
  const own = isOwn(record, identity?.id);
  return (
    <Tooltip title={translate('authors.linkedTip')}>
      <Chip
        size="small"
        icon={<LinkIcon />}
        color={own ? 'primary' : 'default'}
        variant="outlined"
        label={translate(own ? 'authors.yours' : 'authors.linked')}
        data-testid="author-linked"
      />
    </Tooltip>
  );
}

function RowActions({
  onDelete,
  canEdit,
  canDelete,
}: {
  onDelete: (a: Author) => void;
  canEdit: boolean;
  canDelete: boolean;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const record = useRecordContext<Author>();
  if (!record) return null;
  const linked = isLinked(record);
  const edit = translate('ra.action.edit');
  const remove = translate('ra.action.delete');
  const why = translate('authors.linkedTip');
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {canEdit ? (
        <Tooltip title={linked ? why : edit}>
          <span>
            <IconButton
              size="small"
              aria-label={edit}
              disabled={linked}
              onClick={(e) => {
                e.stopPropagation();
                navigate(`${BASE}/${record.id}`);
              }}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
      {canDelete ? (
        <Tooltip title={linked ? why : remove}>
          <span>
            <IconButton
              size="small"
              aria-label={remove}
              disabled={linked}
              onClick={(e) => {
                e.stopPropagation();
                onDelete(record);
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
    </Stack>
  );
}

export default function AuthorList() {
  const navigate = useNavigate();
  const params = useParams();
  const modal = modalFor(params['*']);
  const [deleting, setDeleting] = useState<Author | null>(null);
  const { canAccess: canCreate = false } = useCanAccess({ resource: 'author', action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'author', action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'author', action: 'delete' });
  const close = useCallback(() => navigate(BASE), [navigate]);

  return (
    <>
      <List
        aside={<AuthorFilters />}
        actions={<TopToolbar>{canCreate ? <AddButton /> : null}</TopToolbar>}
        pagination={<WindowPagination />}
        perPage={10}
        sort={{ field: 'id', order: 'DESC' }}
        empty={<AuthorEmpty canCreate={canCreate} />}
      >
        <DataTable sx={tableSx} rowClick={(id) => `${BASE}/${id}`} bulkActionButtons={false}>
          <DataTable.Col source="avatar" disableSort>
            <AvatarCell />
          </DataTable.Col>
          <DataTable.Col source="name" />
          <DataTable.Col
            source="title"
            disableSort
            render={(r: Author) =>
              r.title || (
                <Typography component="span" variant="body2" color="text.disabled">
                  —
                </Typography>
              )
            }
          />
          <DataTable.Col source="member_id" disableSort>
            <LinkedCell />
          </DataTable.Col>
          <DataTable.Col source="updated_at">
            <DateTimeField source="updated_at" />
          </DataTable.Col>
          <DataTable.Col label={false} disableSort>
            <RowActions onDelete={setDeleting} canEdit={canEdit} canDelete={canDelete} />
          </DataTable.Col>
        </DataTable>
      </List>
      {modal?.open ? <AuthorDialog id={modal.id} onClose={close} onDelete={setDeleting} /> : null}
      {deleting ? (
        // The server's refusal of a linked author (3006) is expected, so a warning.
        <DeleteDialog
          resource="author"
          record={deleting}
          name={deleting.name}
          title="authors.deleteTitle"
          content="authors.deleteBody"
          done="authors.deleted"
          warnCode={Code.AUTHOR_LINKED}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            if (modal?.open) close();
          }}
        />
      ) : null}
    </>
  );
}
