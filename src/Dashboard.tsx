/** /: the dashboard. Onboarding badges and statistics come with the site issue; for now, who and where you are. */
import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import type { Session } from '../contract/session';
import { getSession } from './auth/session';

export default function Dashboard() {
  const translate = useTranslate();
  const [session, setSession] = useState<Session | null>(null);
  useEffect(() => {
    void getSession().then(setSession);
  }, []);
  if (!session?.user) return null;
  const site = session.site.current;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.dashboard.title')} />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {translate('app.dashboard.welcome', { name: session.user.nickname || session.user.email })}
        </Typography>
        <Typography color="text.secondary">
          {site ? translate('app.dashboard.site', { name: site.name }) : translate('app.dashboard.noSite')}
        </Typography>
      </CardContent>
    </Card>
  );
}
