/** The item's history: its saved versions, each previewed read-only and restorable after a confirmation. */
import LockIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useCallback, useEffect, useState } from 'react';
import type { BlockDocument } from '../../../../contract/blocks';
import type { Revision, RevisionRow } from '../../../../contract/content';
import { useDateTime } from '../../../components/DateTimeField';
import { api, messageOf } from '../api';
import { writerSchema } from '../editor/BlockEditor';
import { safeInlineHtml } from '../editor/convert';
import { useController, useWriter } from '../state/context';
import { proseSx } from '../styles';

/** A BlockDocument shown read-only; inline HTML passes through the editor's schema first. */
export function BlocksPreview({ doc }: { doc: BlockDocument }) {
  const translate = useTranslate();
  const html = (text: string) => ({ __html: safeInlineHtml(text, writerSchema) });
  return (
    <div className="wr-prose wr-preview">
      {doc.blocks.map((block, i) => {
        const key = `${block.type}-${i}`;
        switch (block.type) {
          case 'paragraph':
            // biome-ignore lint/security/noDangerouslySetInnerHtml: passed through the schema (safeInlineHtml)
            return <p key={key} dangerouslySetInnerHTML={html(block.data.text)} />;
          case 'header': {
            const Tag = `h${block.data.level}` as 'h2' | 'h3' | 'h4';
            // biome-ignore lint/security/noDangerouslySetInnerHtml: passed through the schema (safeInlineHtml)
            return <Tag key={key} dangerouslySetInnerHTML={html(block.data.text)} />;
          }
          case 'image':
            return (
              <figure key={key} className="wr-figure">
                <div className="wr-media">
                  <img src={block.data.url} alt={block.data.caption} />
                </div>
                {block.data.caption && <figcaption className="wr-caption">{block.data.caption}</figcaption>}
              </figure>
            );
          case 'album':
            return (
              <figure key={key} className="wr-album">
                <div className="wr-album-grid">
                  {block.data.images.map((img, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a static preview; the same picture may appear twice
                    <div className="wr-album-item" key={`${img.url}-${j}`}>
                      <div className="wr-media">
                        <img src={img.url} alt={img.caption} />
                      </div>
                    </div>
                  ))}
                </div>
              </figure>
            );
          case 'video':
            return (
              <figure key={key} className="wr-figure">
                <div className="wr-media wr-video">
                  <img src={block.data.cover} alt="" />
                </div>
                {block.data.caption && <figcaption className="wr-caption">{block.data.caption}</figcaption>}
              </figure>
            );
          case 'paid':
            return (
              <div key={key} className="wr-paid">
                <span className="wr-paid-line" />
                <span className="wr-paid-label">
                  <LockIcon fontSize="inherit" /> {translate('writer.paid.label')}
                </span>
                <span className="wr-paid-line" />
              </div>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}

export function HistoryPanel() {
  const translate = useTranslate();
  const { format: when } = useDateTime();
  const controller = useController();
  const id = useWriter((s) => s.info.id);
  const version = useWriter((s) => s.info.version);
  const [rows, setRows] = useState<RevisionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Revision | null>(null);
  const [loadingPreview, setLoadingPreview] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<RevisionRow | null>(null);

  const load = useCallback(() => {
    if (id <= 0) return;
    api
      .history(controller.type, id)
      .then((r) => {
        setRows(r);
        setError(null);
      })
      .catch((e) => setError(messageOf(e)));
  }, [id, controller.type]);
  // The list follows the item's version: every save may add a row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the version changes
  useEffect(load, [load, version]);

  if (id <= 0) return <Typography color="text.secondary">{translate('writer.history.saveNew')}</Typography>;

  const open = async (row: RevisionRow) => {
    setLoadingPreview(row.id);
    try {
      setPreview(await api.revision(controller.type, id, row.id));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setLoadingPreview(null);
    }
  };

  return (
    <Box>
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(error, { _: error })}
        </Alert>
      )}
      {rows === null && !error && <CircularProgress size={24} />}
      {rows?.length === 0 && (
        <Typography color="text.secondary">{translate('writer.history.empty')}</Typography>
      )}
      {rows && rows.length > 0 && (
        <List dense disablePadding data-testid="history-list">
          {rows.map((row) => (
            <ListItemButton
              key={row.id}
              onClick={() => void open(row)}
              sx={{ borderRadius: 1, alignItems: 'flex-start' }}
            >
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <span>{translate('writer.history.version', { n: row.version })}</span>
                    {row.conflict && (
                      <Chip
                        size="small"
                        color="warning"
                        variant="outlined"
                        label={translate('writer.history.conflictCopy')}
                      />
                    )}
                    {loadingPreview === row.id && <CircularProgress size={12} />}
                  </Box>
                }
                secondary={`${when(row.created_at)} · ${row.user?.nickname ?? translate('writer.history.unknown')}${row.title ? ` · ${row.title}` : ''}`}
              />
            </ListItemButton>
          ))}
        </List>
      )}
      <Dialog open={!!preview} onClose={() => setPreview(null)} fullWidth maxWidth="md" scroll="paper">
        {preview && (
          <>
            <DialogTitle>
              {translate('writer.history.version', { n: preview.version })}
              <Typography variant="body2" color="text.secondary">
                {when(preview.created_at)} · {preview.user?.nickname ?? translate('writer.history.unknown')}
              </Typography>
            </DialogTitle>
            <DialogContent dividers data-testid="revision-preview" sx={proseSx}>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
                {preview.title}
              </Typography>
              {preview.subtitle && (
                <Typography variant="h6" color="text.secondary" sx={{ mb: 3, fontWeight: 400 }}>
                  {preview.subtitle}
                </Typography>
              )}
              <BlocksPreview doc={preview.content} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setPreview(null)}>{translate('writer.history.close')}</Button>
              <Button variant="contained" disableElevation onClick={() => setConfirm(preview)}>
                {translate('writer.history.restore')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
      <Dialog open={!!confirm} onClose={() => setConfirm(null)}>
        <DialogTitle>{translate('writer.history.restoreTitle', { n: confirm?.version ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('writer.history.restoreBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{translate('writer.language.cancel')}</Button>
          <Button
            variant="contained"
            disableElevation
            data-testid="confirm-restore"
            onClick={async () => {
              const row = confirm;
              setConfirm(null);
              setPreview(null);
              if (row) await controller.restoreRevision(row.id, row.version);
              load();
            }}
          >
            {translate('writer.history.restore')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
