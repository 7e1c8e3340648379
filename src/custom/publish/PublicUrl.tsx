/** The item's public address: a link that opens it, and a button that copies it. */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { IconButton, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';

export function PublicUrl({ url }: { url: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify('content.publish.success.copied', { type: 'success' });
    } catch {
      notify('content.publish.success.copyFailed', { type: 'warning' });
    }
  };
  const copyLabel = translate('content.publish.success.copy');
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate('content.publish.success.url')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ flex: 1, overflowWrap: 'anywhere' }}
          data-testid="public-url"
        >
          {url}
          <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} />
        </Link>
        <Tooltip title={copyLabel}>
          <IconButton aria-label={copyLabel} onClick={copy}>
            <ContentCopyIcon />
          </IconButton>
        </Tooltip>
      </Stack>
    </Paper>
  );
}
