/**
 * The row menu of a content list: edit (the writer), publish settings, view on the site (published items) and
 * preview (the draft, through its signed link), pin or unpin, take offline or cancel a schedule, delete. The two
 * links are the item's own `url` and `preview_url`, read when the menu opens (list rows do not carry them).
 */
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, IconButton, Menu, MenuItem } from '@mui/material';
import { useCanAccess, useGetOne, useRecordContext, useTranslate } from 'ra-core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { ContentItem, ContentRow } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { ShareMenuItem, SharePanelLazy } from '../../custom/share/ShareButton';
import { type ContentKind, publishPath, writerPath } from './kinds';
import { withdrawalOf } from './status';
import type { RowAction } from './useRowAction';

// A row action's confirmation (with its mutations) when one is picked.
const ConfirmRowAction = lazy(() =>
  import('./ConfirmRowAction').then((m) => ({ default: m.ConfirmRowAction })),
);

function actionsFor(kind: ContentKind, row: ContentRow, canEdit: boolean, canDelete: boolean): RowAction[] {
  const actions: RowAction[] = [];
  if (canEdit && kind.pinnable) actions.push(row.to_top ? 'unpin' : 'pin');
  const withdrawal = withdrawalOf(row.status);
  if (canEdit && withdrawal) actions.push(withdrawal);
  if (canDelete) actions.push('delete');
  return actions;
}

export function RowActions({ kind }: { kind: ContentKind }) {
  const row = useRecordContext<ContentRow>();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState<RowAction | null>(null);
  const [sharing, setSharing] = useState(false);
  const { canAccess: canEdit = false } = useCanAccess({ resource: kind.resource, action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: kind.resource, action: 'delete' });
  const { data: item } = useGetOne<ContentItem>(
    kind.resource,
    { id: row?.id ?? 0 },
    { enabled: Boolean(anchor && row) },
  );
  if (!row) return null;
  const actions = actionsFor(kind, row, canEdit, canDelete);
  const label = translate('content.list.more');
  return (
    // A click here is not a click on the row (which opens the writer).
    <Box onClick={(e) => e.stopPropagation()} sx={{ textAlign: 'right' }}>
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {canEdit && (
          <MenuItem component={Link} to={writerPath(kind, row.id)}>
            {translate('content.list.edit')}
          </MenuItem>
        )}
        {canEdit && (
          <MenuItem component={Link} to={publishPath(kind, row.id, 'setting')}>
            {translate('content.list.publish')}
          </MenuItem>
        )}
        {row.status === STATUS.PUBLISHED && (
          <MenuItem
            component="a"
            href={item?.url || undefined}
            target="_blank"
            rel="noopener"
            disabled={!item?.url}
            onClick={() => setAnchor(null)}
          >
            {translate('siteLinks.view')}
          </MenuItem>
        )}
        {canEdit && (
          <MenuItem
            component="a"
            href={item?.preview_url || undefined}
            target="_blank"
            rel="noopener"
            disabled={!item?.preview_url}
            onClick={() => setAnchor(null)}
          >
            {translate('siteLinks.preview')}
          </MenuItem>
        )}
        {canEdit && row.status === STATUS.PUBLISHED && (
          <ShareMenuItem
            onPick={() => {
              setAnchor(null);
              setSharing(true);
            }}
          />
        )}
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              setConfirming(action);
            }}
            sx={action === 'delete' ? { color: 'error.main' } : undefined}
          >
            {translate(`content.list.${action}`)}
          </MenuItem>
        ))}
      </Menu>
      <SharePanelLazy id={row.id} open={sharing} onClose={() => setSharing(false)} />
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmRowAction kind={kind} action={confirming} row={row} onClose={() => setConfirming(null)} />
        </Suspense>
      )}
    </Box>
  );
}
