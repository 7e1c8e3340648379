/**
 * The banner on every screen of a site whose first payment has not succeeded (the session's `unpaid_plan`): the
 * wizard's payment failed or was left, and the site waits for it. Its owner is led to pay for the chosen plan
 * (/plan/<id>, plan/choose); other staff are told the owner must. Gone once the payment succeeds (the session is
 * read again then).
 */
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router';
import { mayManagePlan } from '../custom/plan/api';
import { useSessionQuery } from './session';

export function UnpaidBanner() {
  const translate = useTranslate();
  const { data: session } = useSessionQuery();
  const plan = session?.site.current?.unpaid_plan;
  if (plan === undefined || plan === null) return null;
  const owner = mayManagePlan(session?.user);
  return (
    <Alert
      severity="error"
      data-testid="unpaid-banner"
      sx={{ borderRadius: 0 }}
      action={
        owner ? (
          <Button color="inherit" size="small" variant="outlined" component={Link} to={`/plan/${plan}`}>
            {translate('shell.unpaid.go')}
          </Button>
        ) : undefined
      }
    >
      {translate('shell.unpaid.text')}
      {owner ? null : ` ${translate('shell.unpaid.notOwner')}`}
    </Alert>
  );
}
