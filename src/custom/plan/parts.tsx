/** Pieces the plan screens share: the status chip, a plan's name by id, the owner-only notice. */
import { Alert, Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { SubscriptionReply } from '../../../contract/billing';
import { useSessionQuery } from '../../layout/session';
import { usePlanCards, usePlanText } from '../billing/plansOnOffer';

const statusColor: Record<SubscriptionReply['status'], ChipProps['color']> = {
  pending: 'default',
  active: 'success',
  past_due: 'warning',
  lapsed: 'error',
  cancelled: 'default',
};

export function StatusChip({ status }: { status: SubscriptionReply['status'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={statusColor[status]}
      label={translate(`plan.status.${status}`)}
      data-testid="plan-status"
    />
  );
}

/**
 * A plan's name by id: the card's title in the interface language; the internal plan (not on offer, so not among
 * the cards) by the session's name of the site's plan.
 */
export function usePlanName() {
  const { data: cards } = usePlanCards();
  const text = usePlanText();
  const { data: session } = useSessionQuery();
  const service = session?.site.current?.service;
  return (id: number | null | undefined): string => {
    if (id == null) return '';
    const card = cards?.rows.find((p) => p.id === id);
    if (card) return text(card.title);
    return service?.id === id ? service.name : `#${id}`;
  };
}

export function OwnerOnly() {
  const translate = useTranslate();
  return (
    <Alert severity="info" data-testid="owner-only">
      {translate('plan.ownerOnly')}
    </Alert>
  );
}
