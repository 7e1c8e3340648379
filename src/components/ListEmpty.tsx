/** What an empty list shows: a sentence on the resource and the create button. */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CreateButton } from 'react-admin';

export function ListEmpty({ resource }: { resource: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h6" component="p">
        {translate(`resources.${resource}.empty`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`resources.${resource}.emptyHint`)}
      </Typography>
      <CreateButton />
    </Box>
  );
}
