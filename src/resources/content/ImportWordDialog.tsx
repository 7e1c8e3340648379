/**
 * The Word import's dialog (./ImportWordButton.tsx): choose a .docx, a progress bar while it uploads, then while the
 * server converts it; the writer then opens on the new draft. A refusal stays in the dialog, and another file may be
 * chosen.
 */
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DOCX_IMAGES_MAX, DOCX_MAX_BYTES } from '../../../contract/wordImport';
import type { ApiError } from '../../dataProvider/client';
import { CONTENT_KINDS, writerPath } from './kinds';
import { checkWordFile, importWord } from './wordImport';

/** Uploading (0–100), then converting on the server. */
type Phase = { step: 'idle' } | { step: 'uploading'; percent: number } | { step: 'converting' };

export default function ImportWordDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [error, setError] = useState('');
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const send = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file may be chosen again after a fix.
    e.target.value = '';
    if (!file) return;
    const refused = checkWordFile(file);
    if (refused) {
      setError(refused);
      return;
    }
    setError('');
    setPhase({ step: 'uploading', percent: 0 });
    controller.current = new AbortController();
    try {
      const reply = await importWord(
        file,
        (percent) => setPhase(percent >= 100 ? { step: 'converting' } : { step: 'uploading', percent }),
        controller.current.signal,
      );
      if (reply.skipped_images > 0)
        notify('wordImport.skipped', { type: 'warning', messageArgs: { smart_count: reply.skipped_images } });
      navigate(writerPath(CONTENT_KINDS.press, reply.id));
    } catch (err) {
      const failure = err as ApiError;
      if (failure.name === 'AbortError') return;
      setError(failure.message || 'errors.generic');
      setPhase({ step: 'idle' });
    }
  };

  const busy = phase.step !== 'idle';
  const label =
    phase.step === 'uploading'
      ? translate('wordImport.uploading', { percent: phase.percent })
      : translate('wordImport.converting');
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="word-import-title"
    >
      <DialogTitle id="word-import-title">{translate('wordImport.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('wordImport.hint', { mb: DOCX_MAX_BYTES / 1024 / 1024, images: DOCX_IMAGES_MAX })}
        </Typography>
        <MuiButton component="label" variant="contained" startIcon={<UploadIcon />} disabled={busy}>
          {translate('wordImport.choose')}
          <input
            hidden
            type="file"
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            onChange={send}
            data-testid="word-import-input"
          />
        </MuiButton>
        {busy ? (
          <div data-testid="word-import-progress" data-step={phase.step}>
            <Typography variant="body2" sx={{ mt: 2 }} role="status">
              {label}
            </Typography>
            <LinearProgress
              variant={phase.step === 'uploading' ? 'determinate' : 'indeterminate'}
              value={phase.step === 'uploading' ? phase.percent : undefined}
              sx={{ mt: 1 }}
              aria-label={label}
            />
          </div>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="word-import-error">
            {translate(error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <MuiButton
          onClick={() => {
            controller.current?.abort();
            onClose();
          }}
        >
          {translate('ra.action.cancel')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
