/**
 * The wizard's quiet way out for someone who owns no site yet: "skip for now" makes their personal site without a
 * plan (site/start_free; the server makes it once, never a second free site) and opens its dashboard, where the
 * no-plan prompts (SPEC §8) lead back to a plan. Hidden once the user owns a site, a paid one or one still unpaid.
 */
import { Alert, Box, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { siteApi } from '../../../contract/api/sites';
import { PAGE_SIZE_MAX } from '../../../contract/constants';
import { ROLE } from '../../../contract/permissions';
import type { Session } from '../../../contract/session';
import { call } from '../../dataProvider/client';
import { useReloadSession } from '../../layout/session';

/** Whether the user owns a site: none to ask about when they are on no site at all. */
function useOwnsSite(session: Session) {
  const onSome = session.site.list.length > 0;
  const owned = useQuery({
    queryKey: ['wizard', 'owns-site', session.user?.id],
    queryFn: async () => {
      const { rows } = await call(siteApi.list, { query: { page: 1, size: PAGE_SIZE_MAX, filters: [] } });
      return rows.some((s) => s.role.id === ROLE.OWNER);
    },
    enabled: onSome,
  });
  return onSome ? (owned.data ?? true) : false;
}

export function SkipWizard({ session, madeSite }: { session: Session; madeSite: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const reloadSession = useReloadSession();
  const owns = useOwnsSite(session);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (owns || madeSite) return null;

  const skip = async () => {
    setBusy(true);
    setError(null);
    try {
      await call(siteApi.startFree);
      // The shell must see the new site before the dashboard opens, or it would send the user back here.
      await reloadSession();
      navigate('/', { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'errors.generic');
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate(error)}
        </Alert>
      ) : null}
      <Button color="inherit" size="small" onClick={skip} disabled={busy} data-testid="wizard-skip">
        {translate('wizard.skip')}
      </Button>
    </Box>
  );
}
