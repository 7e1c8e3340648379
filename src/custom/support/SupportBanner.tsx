/**
 * The banner on every screen of an operator's support session (issue 17): which site, until when, and 結束. A call
 * the server refuses while in support (the entry ended, or the owner switched support off) reads the session again,
 * so the shell's guard takes the operator out of the site.
 */
import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { supportApi } from '../../../contract/api/support';
import type { Session } from '../../../contract/session';
import { refreshSession } from '../../auth/session';
import { useDateTime } from '../../components/DateTimeField';
import { call, onForbidden } from '../../dataProvider/client';
import { SESSION_KEY, useSessionQuery } from '../../layout/session';

export function SupportBanner() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { format } = useDateTime();
  const { data: session } = useSessionQuery();
  const [ending, setEnding] = useState(false);
  const support = session?.support;

  useEffect(
    () =>
      onForbidden(() => {
        if (!queryClient.getQueryData<Session>(SESSION_KEY)?.support) return;
        void refreshSession().then(() => queryClient.invalidateQueries({ queryKey: SESSION_KEY }));
      }),
    [queryClient],
  );

  if (!support) return null;
  const end = async () => {
    setEnding(true);
    try {
      await call(supportApi.leave);
    } finally {
      window.location.assign('/support');
    }
  };
  return (
    <Alert
      severity="warning"
      data-testid="support-banner"
      sx={{ borderRadius: 0, position: 'sticky', top: 0, zIndex: (t) => t.zIndex.appBar + 1 }}
      action={
        <Button color="inherit" size="small" onClick={end} disabled={ending}>
          {translate('support.banner.end')}
        </Button>
      }
    >
      {translate('support.banner.text', {
        site: support.site_name,
        time: format(support.expires_at).slice(-5),
      })}
    </Alert>
  );
}
