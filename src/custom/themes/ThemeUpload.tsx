/**
 * The upload of a theme zip: checked here first (a .zip, 20 MB at most), then sent; the server's message stays on
 * screen, success or failure (SPEC §8), and may list several files, one a line.
 */
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { ApiError } from '../../dataProvider/client';
import { uploadTheme } from './api';
import { checkThemeZip } from './themeLogic';

type Outcome = { severity: 'success' | 'error'; text: string } | null;

export function ThemeUpload({ onUploaded }: { onUploaded: () => void }) {
  const translate = useTranslate();
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const send = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file may be chosen again after a fix.
    e.target.value = '';
    if (!file) return;
    const refused = checkThemeZip(file);
    if (refused) {
      setOutcome({ severity: 'error', text: translate(refused) });
      return;
    }
    setOutcome(null);
    setProgress(0);
    controller.current = new AbortController();
    try {
      const reply = await uploadTheme(file, setProgress, controller.current.signal);
      setOutcome({
        severity: 'success',
        text: reply.message || translate('themes.upload.done', { name: file.name, version: reply.version }),
      });
      onUploaded();
    } catch (err) {
      const failure = err as ApiError;
      if (failure.name === 'AbortError') return;
      setOutcome({ severity: 'error', text: translate(failure.message || 'errors.generic') });
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Button component="label" variant="contained" startIcon={<UploadIcon />} disabled={busy}>
          {translate(busy ? 'themes.upload.sending' : 'themes.upload.button')}
          <input
            hidden
            type="file"
            accept=".zip,application/zip"
            onChange={send}
            data-testid="theme-upload-input"
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate('themes.upload.hint')}
        </Typography>
      </Stack>
      {busy ? (
        <LinearProgress
          variant="determinate"
          value={progress}
          sx={{ mt: 1, maxWidth: 320 }}
          aria-label={translate('themes.upload.sending')}
        />
      ) : null}
      {outcome ? (
        <Alert
          severity={outcome.severity}
          onClose={() => setOutcome(null)}
          sx={{ mt: 1.5, whiteSpace: 'pre-line' }}
          data-testid="theme-upload-message"
          data-severity={outcome.severity}
          role={outcome.severity === 'error' ? 'alert' : 'status'}
        >
          {outcome.text}
        </Alert>
      ) : null}
    </Box>
  );
}
