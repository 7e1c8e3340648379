/** /auth/logout: ends the session on the server, then to the sign-in page. */
import { CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect } from 'react';
import { authApi } from '../../../contract/api/auth';
import { call } from '../../dataProvider/client';
import { forgetSession } from '../session';

export default function LogoutPage() {
  const translate = useTranslate();
  useEffect(() => {
    void call(authApi.logout)
      .catch(() => undefined)
      .finally(() => {
        forgetSession();
        window.location.replace('/auth/login');
      });
  }, []);
  return (
    <Stack
      component="main"
      sx={{ minHeight: '100vh' }}
      alignItems="center"
      justifyContent="center"
      spacing={2}
    >
      <CircularProgress />
      <Typography component="h1">{translate('auth.logout.title')}</Typography>
    </Stack>
  );
}
