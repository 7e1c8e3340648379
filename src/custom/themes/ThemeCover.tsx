/** A theme's cover picture, or a plain box saying it has none. */
import { Box, CardMedia } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ThemeSummary } from '../../../contract/themes';

export function ThemeCover({
  theme,
  height = 140,
}: {
  theme: Pick<ThemeSummary, 'cover' | 'name'>;
  height?: number;
}) {
  const translate = useTranslate();
  return theme.cover ? (
    <CardMedia component="img" image={theme.cover} alt="" sx={{ height, objectFit: 'cover' }} />
  ) : (
    <Box
      sx={{
        height,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
        color: 'text.secondary',
        typography: 'body2',
      }}
    >
      {translate('themes.noCover')}
    </Box>
  );
}
