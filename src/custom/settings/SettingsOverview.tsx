/**
 * /setting: the site publish switch, the service status (plan, addresses, custom domain) with 'learn about plans'
 * or 'subscribe now' leading to /plan, and the other settings pages. Without setting.edit the switch is read-only.
 */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  FormControlLabel,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useCanAccess, useNotify, useTranslate } from 'ra-core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { settingsApi } from '../../../contract/api/settings';
import type { SiteStatus } from '../../../contract/settings';
import { useSavedSwitch } from '../../components/useSavedSwitch';
import { type ApiError, call } from '../../dataProvider/client';
import { useSiteStatus, useStatusChanged } from './api';
import { SettingsPage, SiteAddresses, StatusRow } from './parts';

function PublishSwitch({ status, canEdit }: { status: SiteStatus; canEdit: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const changed = useStatusChanged();
  const publish = useSavedSwitch(status.published, {
    mutationFn: (on: boolean) => call(settingsApi.publish, { publish: on }),
    onSuccess: async (next) => {
      await changed(next);
      notify(next.published ? 'settings.overview.published' : 'settings.overview.unpublished', {
        type: 'success',
      });
    },
    onError: (err: ApiError) => {
      if (err.message) notify(err.message, { type: 'error' });
    },
  });
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={publish.checked}
            onChange={publish.onChange}
            disabled={!canEdit || publish.busy}
            slotProps={{ input: { role: 'switch' } }}
          />
        }
        label={translate('settings.overview.publish')}
      />
      <Typography variant="body2" color="text.secondary" data-testid="publish-hint">
        {translate(publish.checked ? 'settings.overview.publishedHint' : 'settings.overview.unpublishedHint')}
      </Typography>
    </Box>
  );
}

const SupportPanel = lazy(() => import('../support/SupportPanel'));

export const SETTINGS_PAGES = [
  { to: '/setting/general', words: 'settings.links.general' },
  { to: '/setting/domain', words: 'settings.links.domain' },
  { to: '/setting/social', words: 'share.social.link' },
  { to: '/setting/menu', words: 'settings.links.menu' },
  { to: '/page/home', words: 'settings.links.home' },
  { to: '/setting/account', words: 'settings.links.account' },
];

export default function SettingsOverview() {
  const translate = useTranslate();
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'setting', action: 'edit' });
  const { data: status, isPending, error } = useSiteStatus();
  return (
    <SettingsPage
      title="settings.overview.title"
      subtitle="settings.overview.subtitle"
      testId="settings-overview"
      loading={isPending}
      error={error}
    >
      {status ? (
        <Stack spacing={2}>
          {canEdit ? null : <Alert severity="info">{translate('settings.overview.readOnly')}</Alert>}
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {translate('settings.overview.status')}
              </Typography>
              <PublishSwitch status={status} canEdit={canEdit} />
              <Divider sx={{ my: 2 }} />
              <StatusRow label="settings.overview.plan">
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography data-testid="plan-name">
                    {status.service ? status.service.name : translate('settings.overview.noPlan')}
                  </Typography>
                  {/* The plans, the site's own marked (and a way to its current plan). */}
                  <Button
                    component={Link}
                    to="/plan"
                    size="small"
                    variant={status.service ? 'outlined' : 'contained'}
                  >
                    {translate(
                      status.service ? 'settings.overview.learnPlan' : 'settings.overview.subscribe',
                    )}
                  </Button>
                </Stack>
              </StatusRow>
              <SiteAddresses status={status} />
            </CardContent>
          </Card>
          <Card>
            <CardContent sx={{ pb: 1 }}>
              <Typography variant="h6" component="h2">
                {translate('settings.overview.pages')}
              </Typography>
            </CardContent>
            <List disablePadding>
              {SETTINGS_PAGES.map((p) => (
                <ListItem key={p.to} disablePadding divider>
                  <ListItemButton component={Link} to={p.to}>
                    <ListItemText
                      primary={translate(`${p.words}.title`)}
                      secondary={translate(`${p.words}.body`)}
                    />
                    <ChevronRightIcon color="action" />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Card>
          <Suspense fallback={null}>
            <SupportPanel />
          </Suspense>
        </Stack>
      ) : null}
    </SettingsPage>
  );
}
