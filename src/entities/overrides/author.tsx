/**
 * Authors' own rules on the generated screens: an author tied to a member account is that person's (SPEC §6), so
 * its row shows the link, its edit and delete are disabled with the reason, its dialog explains instead of editing,
 * and the server's refusal (3006) is expected. Each row also opens the author issue modal (作品, SPEC §2): the
 * author's published and scheduled items (`author/issue`), each opening the writer.
 */
import LinkIcon from '@mui/icons-material/Link';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Pagination,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type RaRecord, useGetIdentity, useRecordContext, useTranslate } from 'ra-core';
import { type MouseEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { authorApi } from '../../../contract/api/authors';
import { Code } from '../../../contract/codes';
import { contentTypeName } from '../../../contract/contentConstants';
import { useDateTime } from '../../components/DateTimeField';
import { type ApiError, call } from '../../dataProvider/client';
import { statusChips } from '../../resources/content/status';
import type { EntityOverrides } from '../overrides';
import { initials } from '../view';

const isLinked = (author: RaRecord) => author.member_id !== null && author.member_id !== undefined;

/** The signed-in user's own author. */
function useIsOwn(author: RaRecord | undefined) {
  const { identity } = useGetIdentity();
  return Boolean(author && isLinked(author) && identity && String(author.member_id) === String(identity.id));
}

function LinkedCell() {
  const translate = useTranslate();
  const record = useRecordContext();
  const own = useIsOwn(record);
  if (!record || !isLinked(record)) return null;
  return (
    <Tooltip title={translate('resources.author.linkedTip')}>
      <Chip
        size="small"
        icon={<LinkIcon />}
        color={own ? 'primary' : 'default'}
        variant="outlined"
        label={translate(own ? 'resources.author.yours' : 'resources.author.linked')}
        data-testid="author-linked"
      />
    </Tooltip>
  );
}

/** Why a linked author cannot be changed here, with the author as it is. */
function LinkedAuthor({
  record,
  onClose,
  titleId,
}: {
  record: RaRecord;
  onClose: () => void;
  titleId: string;
}) {
  const translate = useTranslate();
  const own = useIsOwn(record);
  return (
    <>
      <DialogTitle id={titleId}>{translate('resources.author.issue.title')}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar src={record.avatar || undefined} alt={record.name} sx={{ width: 56, height: 56 }}>
            {initials(record.name)}
          </Avatar>
          <Box>
            <Typography variant="subtitle1">{record.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {record.title || translate('resources.author.noTitle')}
            </Typography>
          </Box>
        </Stack>
        <Alert severity="info" data-testid="author-issue">
          {translate('resources.author.issue.body', { name: record.name })}
          {own ? <Box sx={{ mt: 1 }}>{translate('resources.author.issue.own')}</Box> : null}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="contained" onClick={onClose}>
          {translate('resources.author.issue.close')}
        </Button>
      </DialogActions>
    </>
  );
}

/** Items per page of the author issue modal. */
const ISSUE_PAGE = 10;
const W = 'resources.author.works';

/** The author issue modal: the author's published and scheduled items, newest first, a page at a time. */
function AuthorIssueDialog({ author, onClose }: { author: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { format } = useDateTime();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useQuery({
    queryKey: ['author/issue', author.id, page],
    queryFn: () => call(authorApi.issue, { id: Number(author.id), page, per_page: ISSUE_PAGE }),
    placeholderData: keepPreviousData,
  });
  const pages = data ? Math.ceil(data.total / ISSUE_PAGE) : 0;
  return (
    // Clicks inside the dialog (a portal) would bubble to the list row, whose click opens the edit dialog.
    <Box component="span" onClick={(e: MouseEvent) => e.stopPropagation()}>
      <Dialog
        open
        onClose={onClose}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
        data-testid="author-works"
      >
        <DialogTitle id={titleId}>{translate(`${W}.title`, { name: author.name })}</DialogTitle>
        <DialogContent dividers>
          {isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
            </Box>
          ) : error ? (
            <Alert severity="error">{translate((error as ApiError).message || 'errors.generic')}</Alert>
          ) : !data?.rows.length ? (
            <Typography color="text.secondary" sx={{ py: 2 }} data-testid="author-works-empty">
              {translate(`${W}.empty`)}
            </Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                {translate(`${W}.total`, { smart_count: data.total })}
              </Typography>
              <List dense disablePadding>
                {data.rows.map((row) => {
                  const type = contentTypeName(row.type) ?? 'post';
                  const chip = statusChips({ status: row.status })[0];
                  return (
                    <ListItemButton
                      key={row.id}
                      divider
                      onClick={() => navigate(`/edit/${type}/${row.id}`)}
                      data-testid="author-work"
                    >
                      <ListItemText
                        primary={row.title || translate('content.untitled')}
                        secondary={`${translate(`content.types.${type}`)} · ${
                          row.publish_ts ? format(row.publish_ts) : '—'
                        }`}
                      />
                      <Chip
                        size="small"
                        color={chip.color}
                        label={translate(`content.status.${chip.key}`)}
                        sx={{ ml: 1 }}
                        data-testid="author-work-status"
                      />
                    </ListItemButton>
                  );
                })}
              </List>
              {pages > 1 ? (
                <Pagination
                  sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
                  count={pages}
                  page={page}
                  onChange={(_e, p) => setPage(p)}
                />
              ) : null}
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The row's 作品 button, which opens the author issue modal. */
function WorksAction() {
  const translate = useTranslate();
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button
        size="small"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        data-testid="author-works-open"
      >
        {translate(`${W}.action`)}
      </Button>
      {open ? <AuthorIssueDialog author={record} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

const author: EntityOverrides = {
  cells: { member_id: LinkedCell },
  RowActions: WorksAction,
  locked: (record) => (isLinked(record) ? 'resources.author.linkedTip' : undefined),
  Locked: LinkedAuthor,
  warnCode: Code.AUTHOR_LINKED,
};

export default author;
