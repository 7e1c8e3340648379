/**
 * The site's stored uploads against its plan's total (issue 18; `file/usage`): "已使用 X MB / Y MB" with a bar, above
 * both libraries. Asked again whenever the libraries refresh (react-admin's refresh invalidates every query) and
 * after a video upload or deletion (useRefreshUploadUsage).
 */
import { Box, LinearProgress, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useCallback } from 'react';
import { fileApi } from '../../../contract/api/files';
import { shownMb } from '../../../contract/uploadQuota';
import { call } from '../../dataProvider/client';

const USAGE_KEY = ['file', 'usage'] as const;

export function useRefreshUploadUsage() {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: USAGE_KEY }), [client]);
}

export function UploadUsageLine() {
  const translate = useTranslate();
  const { data } = useQuery({ queryKey: USAGE_KEY, queryFn: () => call(fileApi.usage, {}) });
  if (!data) return null;
  const percent = data.quota_bytes > 0 ? Math.min(100, (data.used_bytes / data.quota_bytes) * 100) : 100;
  const full = percent >= 90;
  const label = translate('files.usage', { used: shownMb(data.used_bytes), quota: data.quota_mb });
  return (
    <Box sx={{ mt: 1.5, maxWidth: 360 }} data-testid="upload-usage">
      <Typography variant="body2" color={full ? 'error' : 'text.secondary'}>
        {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={full ? 'error' : 'primary'}
        aria-label={label}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
