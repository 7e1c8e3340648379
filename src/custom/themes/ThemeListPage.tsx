/**
 * /setting/theme (SPEC §2, §3 Theme): the built-in theme and the site's own, each with its cover, name, owner,
 * version and last change, the applied one marked; a theme opens its detail (versions, apply, preview, delete).
 * Uploading needs theme.add; the page itself any theme permission (routes.tsx).
 */
import CheckIcon from '@mui/icons-material/CheckCircle';
import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'ra-core';
import { useState } from 'react';
import type { ThemeSummary } from '../../../contract/themes';
import { useDateTime } from '../../components/DateTimeField';
import { SettingsPage } from '../settings/parts';
import { useRefreshThemes, useThemeList } from './api';
import { ThemeCover } from './ThemeCover';
import { ThemeDetailDialog } from './ThemeDetailDialog';
import { ThemeUpload } from './ThemeUpload';
import { fromEpochSeconds } from './themeLogic';

function ThemeCard({ theme, onOpen }: { theme: ThemeSummary; onOpen: () => void }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  return (
    <Card
      variant="outlined"
      component="li"
      data-testid="theme-card"
      data-applied={theme.applied || undefined}
      sx={{ listStyle: 'none', borderColor: theme.applied ? 'primary.main' : undefined }}
    >
      {/* Named by what it shows (a shorter name would hide the rest of the card from speech input). */}
      <CardActionArea onClick={onOpen}>
        <ThemeCover theme={theme} />
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {theme.name}
            </Typography>
            {theme.applied ? (
              <Chip
                size="small"
                color="primary"
                icon={<CheckIcon />}
                label={translate('themes.applied')}
                data-testid="theme-applied"
              />
            ) : null}
            {theme.builtin ? (
              <Chip size="small" variant="outlined" label={translate('themes.builtin')} />
            ) : null}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate('themes.versionLine', { version: theme.version })}
          </Typography>
          {theme.owner ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {translate('themes.ownerLine', { name: theme.owner })}
            </Typography>
          ) : null}
          {theme.last_ts ? (
            <Typography variant="body2" color="text.secondary">
              {translate('themes.lastChangeLine', { date: format(fromEpochSeconds(theme.last_ts)) })}
            </Typography>
          ) : null}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function ThemeListPage() {
  const translate = useTranslate();
  const list = useThemeList();
  const refresh = useRefreshThemes();
  const { canAccess: canAdd = false } = useCanAccess({ resource: 'theme', action: 'create' });
  const [open, setOpen] = useState<number | null>(null);
  const themes = list.data ?? [];
  return (
    <SettingsPage
      title="themes.title"
      subtitle="themes.subtitle"
      testId="theme-list"
      loading={list.isPending}
      error={list.error}
      maxWidth={1200}
    >
      {canAdd ? <ThemeUpload onUploaded={() => void refresh()} /> : null}
      <Box
        component="ul"
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {themes.map((theme) => (
          <ThemeCard key={theme.id} theme={theme} onOpen={() => setOpen(theme.id)} />
        ))}
      </Box>
      {themes.every((t) => t.builtin) ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('themes.empty')}
        </Typography>
      ) : null}
      {open !== null ? <ThemeDetailDialog id={open} onClose={() => setOpen(null)} /> : null}
    </SettingsPage>
  );
}
