/**
 * What the admin shows while it waits for the session before its first screen (react-admin's `loading`, while
 * `requireAuth` checks the session): the loading page, and — once SPEC §7's wait-for-data fallback gives up (code 0
 * after 10 tries at 200 ms) — a notice that the session has not come yet, with a way to try again, rather than a
 * spinner for ever. The screen replaces it as soon as the session comes.
 */
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { LoadingPage } from 'react-admin';
import { Code } from '../../contract/codes';
import { knownSession } from '../auth/session';
import { waitForData } from '../dataProvider/client';

export function SessionLoading() {
  const translate = useTranslate();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    void waitForData(knownSession, { signal: controller.signal }).then(({ code }) => {
      if (!controller.signal.aborted && code === Code.FAIL) setGaveUp(true);
    });
    return () => controller.abort();
  }, []);
  if (!gaveUp) return <LoadingPage />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 480 }} data-testid="session-waiting">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('shell.waiting.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('shell.waiting.body')}
          </Typography>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {translate('shell.waiting.again')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
