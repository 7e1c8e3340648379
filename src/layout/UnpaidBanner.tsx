/**
 * The banner on every screen of a site whose first payment has not succeeded (useUnpaidPlan: its subscription is
 * still `pending`): the wizard's payment failed or was left, and the site waits for it. Its owner — who alone pays,
 * and reads the subscription — is led to pay for the chosen plan (/plan/<id>, plan/choose). Gone once the payment
 * succeeds (every query is read again then).
 */
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router';
import { useUnpaidPlan } from '../custom/plan/api';

export function UnpaidBanner() {
  const translate = useTranslate();
  const plan = useUnpaidPlan();
  if (plan === null) return null;
  return (
    <Alert
      severity="error"
      data-testid="unpaid-banner"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" variant="outlined" component={Link} to={`/plan/${plan}`}>
          {translate('shell.unpaid.go')}
        </Button>
      }
    >
      {translate('shell.unpaid.text')}
    </Alert>
  );
}
