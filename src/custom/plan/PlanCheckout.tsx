/** Paying for a plan when the site has none live (plan/choose): the payment form comes with the billing screens. */
import { Alert } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { PlanCard } from '../../../contract/billing';

export function PlanCheckout({ plan: _plan }: { plan: PlanCard }) {
  const translate = useTranslate();
  return <Alert severity="info">{translate('plan.choose.subtitle')}</Alert>;
}
