/** /setting/domain: the site's current addresses, and the two choices — the sub-domain, or a custom domain. */
import {
  Button,
  Card,
  CardActions,
  CardContent,
  Grid,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { useCanAccess, useTranslate } from 'ra-core';
import { Link } from 'react-router';
import { platformDomain, useSiteStatus } from './api';
import { DomainStateChip, SettingsPage } from './parts';

export default function DomainScreen() {
  const translate = useTranslate();
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'setting', action: 'edit' });
  const { data: status, isPending, error } = useSiteStatus();
  return (
    <SettingsPage
      title="settings.domain.title"
      subtitle="settings.domain.subtitle"
      testId="settings-domain"
      loading={isPending}
      error={error}
    >
      {status ? (
        <Stack spacing={2}>
          <Card>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {translate('settings.domain.current')}
              </Typography>
              <MuiLink
                href={status.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="h6"
                sx={{ overflowWrap: 'anywhere' }}
                data-testid="site-url"
              >
                {status.url}
              </MuiLink>
            </CardContent>
          </Card>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card
                sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                data-testid="domain-sub"
              >
                <CardContent sx={{ flex: 1 }}>
                  <Typography variant="h6" component="h2">
                    {translate('settings.domain.subTitle')}
                  </Typography>
                  <Typography sx={{ my: 1, overflowWrap: 'anywhere' }} data-testid="site-subdomain">
                    {status.subdomain}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('settings.domain.subBody', { example: `my-news.${platformDomain(status)}` })}
                  </Typography>
                </CardContent>
                {canEdit ? (
                  <CardActions sx={{ px: 2, pb: 2 }}>
                    <Button component={Link} to="/setting/domain/sub" variant="outlined">
                      {translate('settings.domain.edit')}
                    </Button>
                  </CardActions>
                ) : null}
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card
                sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                data-testid="domain-custom"
              >
                <CardContent sx={{ flex: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="h6" component="h2">
                      {translate('settings.domain.customTitle')}
                    </Typography>
                    <DomainStateChip state={status.custom_domain.state} />
                  </Stack>
                  {status.custom_domain.domain ? (
                    <Typography sx={{ my: 1, overflowWrap: 'anywhere' }}>
                      {status.custom_domain.domain}
                    </Typography>
                  ) : null}
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {translate('settings.domain.customBody')}
                  </Typography>
                </CardContent>
                {canEdit ? (
                  <CardActions sx={{ px: 2, pb: 2 }}>
                    <Button component={Link} to="/setting/domain/custom" variant="outlined">
                      {translate(
                        status.custom_domain.domain ? 'settings.domain.edit' : 'settings.domain.setUp',
                      )}
                    </Button>
                  </CardActions>
                ) : null}
              </Card>
            </Grid>
          </Grid>
        </Stack>
      ) : null}
    </SettingsPage>
  );
}
