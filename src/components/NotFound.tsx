/** The page for an unknown route. */
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

export function NotFound() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} data-testid="not-found">
      <Typography variant="h3" component="p" color="text.secondary">
        404
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('app.notFound.title')}
      </Typography>
      <Typography sx={{ mt: 1, mb: 3 }} color="text.secondary">
        {translate('app.notFound.body')}
      </Typography>
      <Button variant="contained" href="/">
        {translate('app.notFound.home')}
      </Button>
    </Box>
  );
}
