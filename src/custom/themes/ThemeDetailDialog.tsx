/**
 * The theme detail modal (SPEC §2 Modals): cover, name, owner, version, description and the version history, each
 * version with "enable" (a roll back, or forward again) and "download", and how many are kept; preview opens the
 * site in this theme in a new tab; apply and delete ask first. Apply, enable and download need theme.edit, delete
 * theme.delete (and never the built-in or the applied theme).
 */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useCanAccess, useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Confirm, Loading } from 'react-admin';
import {
  RENDER_OUTPUT_LIMIT_CHARS,
  RENDER_TIME_LIMIT_MS,
  THEME_VERSIONS_KEPT,
  type ThemeDetail,
  type ThemeVersion,
} from '../../../contract/themes';
import { formatBytes } from '../../components/bytes';
import { useDateTime } from '../../components/DateTimeField';
import { downloadFrom } from '../../components/openInNewTab';
import type { ApiError } from '../../dataProvider/client';
import {
  applyTheme,
  deleteTheme,
  downloadLink,
  enableVersion,
  useRefreshThemes,
  useThemeDetail,
} from './api';
import { ThemeCover } from './ThemeCover';
import { chosenVersionWords, fromEpochSeconds, mayDeleteTheme } from './themeLogic';

function VersionRows({ theme, canEdit }: { theme: ThemeDetail; canEdit: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshThemes();
  const { format } = useDateTime();
  const chosen = chosenVersionWords(theme);
  const failed = (err: ApiError) => {
    if (err.message) notify(err.message, { type: 'error' });
  };
  const enable = useMutation({
    mutationFn: (v: ThemeVersion) => enableVersion(theme.id, v.seq),
    onSuccess: async (_detail, v) => {
      await refresh();
      notify(chosen.done, { type: 'success', messageArgs: { version: v.version } });
    },
    onError: failed,
  });
  const download = useMutation({
    mutationFn: (v: ThemeVersion) => downloadLink(theme.id, v.seq),
    onSuccess: ({ url }) => downloadFrom(url),
    onError: failed,
  });
  return (
    <Table size="small" aria-label={translate('themes.detail.history')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('themes.detail.seq')}</TableCell>
          <TableCell>{translate('themes.version')}</TableCell>
          <TableCell>{translate('themes.detail.date')}</TableCell>
          <TableCell>{translate('themes.detail.who')}</TableCell>
          <TableCell align="right">{translate('themes.detail.size')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {theme.versions.map((v) => (
          <TableRow key={v.seq} data-testid="theme-version" data-seq={v.seq} selected={v.enabled}>
            <TableCell>{v.seq}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{v.version}</span>
                {v.enabled ? (
                  <Chip
                    size="small"
                    color={theme.applied ? 'primary' : 'default'}
                    variant={theme.applied ? 'filled' : 'outlined'}
                    label={translate(chosen.tag)}
                    data-testid="theme-version-tag"
                  />
                ) : null}
              </Stack>
            </TableCell>
            <TableCell>{v.created_ts ? format(fromEpochSeconds(v.created_ts)) : ''}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{v.uploaded_by}</TableCell>
            <TableCell align="right">{formatBytes(v.size)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {canEdit && !v.enabled ? (
                <Button
                  size="small"
                  onClick={() => enable.mutate(v)}
                  disabled={enable.isPending}
                  aria-label={translate('themes.detail.enableLabel', { version: v.version })}
                >
                  {translate('themes.detail.enable')}
                </Button>
              ) : null}
              {canEdit ? (
                <Button
                  size="small"
                  onClick={() => download.mutate(v)}
                  disabled={download.isPending}
                  aria-label={translate('themes.detail.downloadLabel', { version: v.version })}
                >
                  {translate('themes.detail.download')}
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function DetailBody({ theme, canEdit }: { theme: ThemeDetail; canEdit: boolean }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  return (
    <>
      <Box sx={{ borderRadius: 1, overflow: 'hidden', mb: 2 }}>
        <ThemeCover theme={theme} height={200} />
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {theme.name}
        </Typography>
        {theme.applied ? <Chip size="small" color="primary" label={translate('themes.applied')} /> : null}
        {theme.builtin ? <Chip size="small" variant="outlined" label={translate('themes.builtin')} /> : null}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate('themes.versionLine', { version: theme.version })}
      </Typography>
      {theme.owner ? (
        <Typography variant="body2" color="text.secondary">
          {translate('themes.ownerLine', { name: theme.owner })}
        </Typography>
      ) : null}
      {theme.last_ts ? (
        <Typography variant="body2" color="text.secondary">
          {translate('themes.lastChangeLine', { date: format(fromEpochSeconds(theme.last_ts)) })}
        </Typography>
      ) : null}
      {theme.description ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {translate('themes.detail.description')}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {theme.description}
          </Typography>
        </Box>
      ) : null}
      {theme.render_error ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {translate('themes.detail.renderError', {
              date: format(fromEpochSeconds(theme.render_error.ts)),
              path: theme.render_error.path,
            })}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {theme.render_error.failure === 'template'
              ? theme.render_error.message
              : translate(`themes.detail.renderLimit.${theme.render_error.failure}`, {
                  seconds: RENDER_TIME_LIMIT_MS / 1000,
                  mb: RENDER_OUTPUT_LIMIT_CHARS / 2 ** 20,
                })}
          </Typography>
        </Alert>
      ) : null}
      {theme.versions.length > 0 ? (
        <Box sx={{ mt: 2, overflowX: 'auto' }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {translate('themes.detail.history')}
          </Typography>
          <VersionRows theme={theme} canEdit={canEdit} />
          {theme.builtin ? null : (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {translate('themes.detail.kept', { n: THEME_VERSIONS_KEPT })}
            </Typography>
          )}
        </Box>
      ) : null}
    </>
  );
}

const useCanEdit = () => useCanAccess({ resource: 'theme', action: 'edit' }).canAccess ?? false;

export function ThemeDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshThemes();
  const detail = useThemeDetail(id);
  const canEdit = useCanEdit();
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'theme', action: 'delete' });
  const [asking, setAsking] = useState<'apply' | 'delete' | null>(null);
  const theme = detail.data;
  const failed = (err: ApiError) => {
    setAsking(null);
    if (err.message) notify(err.message, { type: 'error' });
  };
  const apply = useMutation({
    mutationFn: () => applyTheme(id),
    onSuccess: async (applied) => {
      setAsking(null);
      await refresh();
      notify('themes.apply.done', { type: 'success', messageArgs: { name: applied.name } });
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => deleteTheme(id),
    onSuccess: async () => {
      setAsking(null);
      onClose();
      await refresh();
      notify('themes.delete.done', { type: 'success' });
    },
    onError: failed,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="theme-detail-title">
      <DialogTitle id="theme-detail-title">{translate('themes.detail.title')}</DialogTitle>
      <DialogContent dividers data-testid="theme-detail">
        {detail.isPending ? (
          <Loading />
        ) : detail.error ? (
          <Alert severity="error">{translate((detail.error as ApiError).message || 'errors.generic')}</Alert>
        ) : theme ? (
          <DetailBody theme={theme} canEdit={canEdit} />
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {theme && canDelete && mayDeleteTheme(theme) ? (
          <Button color="error" onClick={() => setAsking('delete')} sx={{ mr: 'auto' }}>
            {translate('themes.detail.delete')}
          </Button>
        ) : null}
        {theme?.preview_url ? (
          <Button
            href={theme.preview_url}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewIcon sx={{ fontSize: '16px !important' }} />}
          >
            {translate('themes.detail.preview')}
          </Button>
        ) : null}
        {theme && canEdit && !theme.applied ? (
          <Button variant="contained" onClick={() => setAsking('apply')}>
            {translate('themes.detail.apply')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{translate('themes.detail.close')}</Button>
      </DialogActions>
      {theme ? (
        <Confirm
          isOpen={asking === 'apply'}
          loading={apply.isPending}
          title="themes.apply.title"
          titleTranslateOptions={{ name: theme.name }}
          content="themes.apply.body"
          confirm="themes.detail.apply"
          onConfirm={() => apply.mutate()}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {theme ? (
        <Confirm
          isOpen={asking === 'delete'}
          loading={remove.isPending}
          title="themes.delete.title"
          titleTranslateOptions={{ name: theme.name }}
          content="themes.delete.body"
          confirm="themes.detail.delete"
          confirmColor="warning"
          onConfirm={() => remove.mutate()}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Dialog>
  );
}
