/**
 * Creating a missing language: machine translation when a service translates the pair (press/translate_pairs), with
 * a progress bar while it runs, or a blank copy; when no service does, the reason, and the blank copy only.
 */
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import type { TranslatePairs } from '../../../contract/content';
import { api } from './api';
import { useController, useWriter } from './state/context';
import type { TranslateProgressView } from './state/translateRun';

/** The pairs are the installation's configuration: asked once per page load. */
let pairsOnce: Promise<TranslatePairs['pairs']> | undefined;
const loadPairs = () => {
  pairsOnce ??= api.translatePairs().then(
    (r) => r.pairs,
    (error) => {
      pairsOnce = undefined;
      throw error;
    },
  );
  return pairsOnce;
};

export function TranslateDialog() {
  const translate = useTranslate();
  const controller = useController();
  const lang = useWriter((s) => s.askLanguage);
  const from = useWriter((s) => s.info.lang_id);
  const busy = useWriter((s) => s.busy);
  const [pairs, setPairs] = useState<TranslatePairs['pairs'] | null>(null);
  const [progress, setProgress] = useState<TranslateProgressView | null>(null);
  const name = lang ? translate(`writer.language.names.${lang}`) : '';

  useEffect(() => {
    if (!lang) return;
    let live = true;
    setProgress(null);
    loadPairs().then(
      (p) => live && setPairs(p),
      () => live && setPairs([]),
    );
    return () => {
      live = false;
    };
  }, [lang]);

  const available = !!pairs?.some((p) => p.from === from && p.to === lang);
  const run = async (machine: boolean) => {
    await controller.createLanguage(machine, machine ? setProgress : undefined);
    setProgress(null);
  };
  const percent = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : undefined;

  return (
    <Dialog
      open={!!lang}
      onClose={() => !busy && controller.cancelLanguage()}
      aria-labelledby="translate-title"
      data-testid="translate-dialog"
    >
      <DialogTitle id="translate-title">{translate('writer.language.askTitle', { lang: name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('writer.language.askBody')}</DialogContentText>
        {pairs === null ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('translation.checking')}
          </Typography>
        ) : available ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('translation.available', { lang: name })}
          </Typography>
        ) : (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="translate-unavailable">
            {translate('translation.unavailable', { lang: name })}
          </Alert>
        )}
        {progress && (
          <Box sx={{ mt: 2 }} data-testid="translate-progress">
            <LinearProgress
              variant={percent === undefined ? 'indeterminate' : 'determinate'}
              value={percent}
              aria-label={translate('translation.starting')}
            />
            <Typography variant="caption" color="text.secondary">
              {progress.total > 0
                ? translate('translation.progress', { done: progress.done, total: progress.total })
                : translate('translation.starting')}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {busy && !progress && <CircularProgress size={18} sx={{ mr: 1 }} />}
        <Button onClick={() => controller.cancelLanguage()} color="inherit" disabled={busy}>
          {translate('writer.language.cancel')}
        </Button>
        <Button onClick={() => void run(false)} disabled={busy}>
          {translate('writer.language.blank')}
        </Button>
        <Button
          variant="contained"
          disableElevation
          onClick={() => void run(true)}
          disabled={busy || !available}
        >
          {translate('writer.language.translate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
