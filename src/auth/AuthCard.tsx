/** The frame of every sign-in screen: product name, language switch, a titled card; the tab names the screen. */
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { useDocumentTitle } from '../components/useDocumentTitle';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  useDocumentTitle(translate(title), translate('app.name'));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', p: 2 }}>
      <Box
        component="header"
        sx={{
          width: '100%',
          maxWidth: 440,
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <Typography variant="h6" component="p" color="primary">
          {translate('app.name')}
        </Typography>
        <LanguageSwitch color="primary" />
      </Box>
      <Card component="main" sx={{ width: '100%', maxWidth: 440, mt: 4 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(title)}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
