/**
 * 匯入 CSV: paste CSV text or pick a .csv file → 預覽 asks the server to read it (each row: new, update or its errors,
 * and the member limit) → 匯入 stays disabled while any row has an error or the new rows exceed the limit. The
 * server checks everything again and imports all rows or none.
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh, useTranslate } from 'ra-core';
import { useId, useRef, useState } from 'react';
import type { ImportPreview, ImportRow } from '../../../contract/members';
import { FormDialog } from '../../components/FormDialog';
import { failureMessage, importCsv, memberKeys, previewImport } from './api';

/** Rows shown in the preview table: every error row, then the others up to this many. */
const SHOWN = 200;

function RowErrors({ row }: { row: ImportRow }) {
  const translate = useTranslate();
  return (
    <>
      {row.errors
        .map((e) =>
          translate(`members.importDialog.rowErrors.${e.error}`, {
            col: translate(`members.csv.${e.col}`),
          }),
        )
        .join('；')}
    </>
  );
}

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const titleId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const csv = (): Blob => file ?? new Blob([text], { type: 'text/csv' });
  const changed = () => {
    setPreview(null);
    setFailure('');
  };

  const runPreview = async () => {
    setBusy(true);
    setFailure('');
    try {
      setPreview(await previewImport(csv()));
    } catch (err) {
      setPreview(null);
      setFailure(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    setBusy(true);
    setFailure('');
    try {
      const done = await importCsv(csv());
      notify('members.importDialog.done', { type: 'success', messageArgs: done });
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      refresh();
      onClose();
    } catch (err) {
      setFailure(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const errorRows = preview?.rows.filter((r) => r.action === 'error') ?? [];
  const shown = preview
    ? [...errorRows, ...preview.rows.filter((r) => r.action !== 'error')].slice(
        0,
        Math.max(SHOWN, errorRows.length),
      )
    : [];
  const overLimit = preview ? preview.room.used + preview.new > preview.room.limit : false;

  return (
    <FormDialog titleId={titleId} onClose={onClose} maxWidth="md" testId="member-import-dialog">
      <DialogTitle id={titleId}>{translate('members.importDialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('members.importDialog.intro')}
          </Typography>
          {file ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip
                label={file.name}
                onDelete={() => {
                  setFile(null);
                  changed();
                }}
              />
            </Stack>
          ) : (
            <TextField
              label={translate('members.importDialog.text')}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                changed();
              }}
              multiline
              minRows={5}
              maxRows={12}
              slotProps={{ htmlInput: { 'data-testid': 'member-import-text', spellCheck: false } }}
            />
          )}
          <Box>
            <input
              ref={fileRef}
              type="file"
              accept=".csv,text/csv"
              hidden
              data-testid="member-import-file"
              onChange={(e) => {
                const picked = e.target.files?.[0];
                if (picked) setFile(picked);
                e.target.value = '';
                changed();
              }}
            />
            <Button onClick={() => fileRef.current?.click()}>{translate('members.importDialog.pick')}</Button>
            <Button
              variant="outlined"
              onClick={runPreview}
              disabled={busy || (!file && text.trim() === '')}
              data-testid="member-import-preview"
              sx={{ ml: 1 }}
            >
              {translate('members.importDialog.preview')}
            </Button>
          </Box>
          {failure ? (
            <Alert severity="error" data-testid="member-import-failure">
              {translate(failure, { _: failure })}
            </Alert>
          ) : null}
          {preview ? (
            <>
              <Alert
                severity={preview.importable ? 'success' : 'warning'}
                data-testid="member-import-summary"
              >
                <div>{translate('members.importDialog.summary', preview)}</div>
                <div>
                  {translate('members.importDialog.room', {
                    after: preview.room.used + preview.new,
                    limit: preview.room.limit,
                  })}
                </div>
                {preview.errors > 0 ? <div>{translate('members.importDialog.hasErrors')}</div> : null}
                {overLimit ? <div>{translate('members.importDialog.overLimit')}</div> : null}
              </Alert>
              <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
                <Table size="small" stickyHeader data-testid="member-import-rows">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('members.importDialog.line')}</TableCell>
                      <TableCell>{translate('resources.member.fields.email')}</TableCell>
                      <TableCell>{translate('resources.member.fields.name')}</TableCell>
                      <TableCell>{translate('resources.member.fields.tags')}</TableCell>
                      <TableCell>{translate('members.importDialog.action')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((row) => (
                      <TableRow
                        key={row.line}
                        data-testid={`import-row-${row.action}`}
                        sx={
                          row.action === 'error'
                            ? { bgcolor: 'error.light', '& td': { color: 'error.contrastText' } }
                            : undefined
                        }
                      >
                        <TableCell>{row.line}</TableCell>
                        <TableCell>{row.email}</TableCell>
                        <TableCell>{row.name}</TableCell>
                        <TableCell>{row.tags.join('、')}</TableCell>
                        <TableCell>
                          {row.action === 'error' ? (
                            <RowErrors row={row} />
                          ) : (
                            translate(`members.importDialog.actions.${row.action}`)
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          onClick={runImport}
          disabled={busy || !preview?.importable}
          data-testid="member-import-submit"
        >
          {translate('members.importDialog.submit')}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
