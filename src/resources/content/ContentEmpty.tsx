/** What an empty content list shows: a sentence on the kind and the button to write the first one. */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CreateContentButton } from './CreateContentButton';
import type { ContentKind } from './kinds';

export function ContentEmpty({ kind }: { kind: ContentKind }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h6" component="p">
        {translate(`resources.${kind.resource}.empty`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`resources.${kind.resource}.emptyHint`)}
      </Typography>
      <CreateContentButton kind={kind} variant="contained" />
    </Box>
  );
}
