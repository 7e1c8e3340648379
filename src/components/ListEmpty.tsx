/** What an empty list shows: a sentence on the resource, a hint, and the way to add the first record (children):
 * the entity lists and the content lists alike. */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';

export function ListEmpty({ resource, children }: { resource: string; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h6" component="p">
        {translate(`resources.${resource}.empty`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`resources.${resource}.emptyHint`)}
      </Typography>
      {children}
    </Box>
  );
}
