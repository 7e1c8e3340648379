/**
 * The plans on offer (`service/collection`) as selectable cards: icon, title in the interface language (the rows
 * carry tw and en only: zh-TW reads tw, every other language en), price a month, helper text, features and limits.
 * Used by the new-site wizard and the plan screens. The cards are a radio group: Tab reaches the chosen card,
 * arrows choose the next or previous one, Space/Enter choose the focused one.
 */

import type { SvgIconComponent } from '@mui/icons-material';
import BuildingIcon from '@mui/icons-material/Business';
import BriefcaseIcon from '@mui/icons-material/BusinessCenter';
import CheckIcon from '@mui/icons-material/Check';
import PenIcon from '@mui/icons-material/Edit';
import UsersIcon from '@mui/icons-material/Groups';
import SeedlingIcon from '@mui/icons-material/Spa';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import type { KeyboardEvent } from 'react';
import type { PlanCard } from '../../../contract/billing';
import { usePlanCards, usePlanText } from './plansOnOffer';

/** A plan row's icon name → its picture; an unknown name (an operator's typo) still shows one. */
const ICONS: Record<string, SvgIconComponent> = {
  seedling: SeedlingIcon,
  pen: PenIcon,
  users: UsersIcon,
  briefcase: BriefcaseIcon,
  building: BuildingIcon,
};

export interface PlanCardsProps {
  value?: number;
  onChange(planId: number): void;
  /** The site's plan now: marked, still selectable (the caller decides what choosing it means). */
  current?: number;
  disabled?: (id: number) => boolean;
}

function PlanCardView({
  plan,
  selected,
  current,
  disabled,
  onChoose,
  focusable,
}: {
  plan: PlanCard;
  selected: boolean;
  current: boolean;
  disabled: boolean;
  onChoose(): void;
  /** The one card Tab reaches (the chosen one, else the first); arrows move between them. */
  focusable: boolean;
}) {
  const translate = useTranslate();
  const text = usePlanText();
  const Icon = ICONS[plan.icon] ?? SeedlingIcon;
  const title = text(plan.title);
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        borderWidth: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        opacity: disabled ? 0.55 : 1,
      }}
    >
      <CardActionArea
        role="radio"
        aria-checked={selected}
        aria-disabled={disabled}
        aria-label={title}
        disabled={disabled}
        onClick={onChoose}
        tabIndex={focusable ? 0 : -1}
        data-testid={`plan-card-${plan.id}`}
        sx={{ height: '100%', alignItems: 'stretch', display: 'flex' }}
      >
        <CardContent sx={{ width: '100%' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Icon color={selected ? 'primary' : 'action'} />
            <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
              {title}
            </Typography>
            {current ? <Chip size="small" label={translate('billing.plan.current')} /> : null}
            {selected ? <CheckIcon color="primary" aria-hidden /> : null}
          </Stack>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {translate('billing.plan.price', { price: plan.price.toLocaleString('en-US') })}
          </Typography>
          {text(plan.helper) ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {text(plan.helper)}
            </Typography>
          ) : null}
          <Box component="ul" sx={{ pl: 2.5, my: 1.5, '& li': { typography: 'body2' } }}>
            <li>{translate('billing.plan.members', { n: plan.members.toLocaleString('en-US') })}</li>
            <li>{translate('billing.plan.staff', { n: plan.staff })}</li>
            <li>
              {translate('billing.plan.history', { count: plan.history.count, days: plan.history.days })}
            </li>
            {plan.upload_mb > 0 ? <li>{translate('billing.plan.upload', { n: plan.upload_mb })}</li> : null}
            {plan.newsletters > 0 ? (
              <li>
                {translate('billing.plan.newsletters', { n: plan.newsletters.toLocaleString('en-US') })}
              </li>
            ) : null}
            {plan.features.map((feature) => (
              <li key={feature}>{translate(`billing.features.${feature}`, { _: feature })}</li>
            ))}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function PlanCards({ value, onChange, current, disabled }: PlanCardsProps) {
  const translate = useTranslate();
  const { data, isPending, error } = usePlanCards();
  if (isPending) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  if (error) return <Alert severity="error">{translate(error.message || 'errors.generic')}</Alert>;
  const open = data.rows.filter((p) => !disabled?.(p.id));
  const focusId = open.some((p) => p.id === value) ? value : open[0]?.id;
  /** Arrow keys choose the next or previous card that may be chosen, as in any radio group. */
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step || open.length === 0) return;
    e.preventDefault();
    const at = open.findIndex((p) => p.id === focusId);
    const next = open[(at + step + open.length) % open.length];
    onChange(next.id);
    e.currentTarget.querySelector<HTMLElement>(`[data-testid="plan-card-${next.id}"]`)?.focus();
  };
  return (
    <Box
      role="radiogroup"
      aria-label={translate('billing.plan.choose')}
      data-testid="plan-cards"
      onKeyDown={onKeyDown}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, 1fr)',
          lg: `repeat(${Math.min(data.rows.length, 4)}, 1fr)`,
        },
      }}
    >
      {data.rows.map((plan) => (
        <PlanCardView
          key={plan.id}
          plan={plan}
          selected={plan.id === value}
          current={plan.id === current}
          disabled={disabled?.(plan.id) ?? false}
          focusable={plan.id === focusId}
          onChoose={() => onChange(plan.id)}
        />
      ))}
    </Box>
  );
}
