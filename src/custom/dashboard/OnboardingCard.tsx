/**
 * Onboarding (SPEC §4): the site's badges, done or not, each with the way to where it is earned; hidden once
 * onboardingDone. Skipping asks first, then gives badge 6 (site/skip). A step behind a plan the site lacks (inviting
 * the team) opens the plan prompt, as the side menu does.
 */
import DoneIcon from '@mui/icons-material/CheckCircle';
import TodoIcon from '@mui/icons-material/RadioButtonUnchecked';
import {
  Box,
  Card,
  CardContent,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Button, Confirm } from 'react-admin';
import { Link } from 'react-router';
import { siteApi } from '../../../contract/api/sites';
import type { Session } from '../../../contract/session';
import { BADGE } from '../../../contract/sites';
import { call } from '../../dataProvider/client';
import { useShellPrompts } from '../../layout/ShellDialogs';
import { useReloadSession } from '../../layout/session';
import { itemAccess } from '../../layout/shellLogic';

/** The badges to earn, in order, and where each is earned (with the resource that page needs). */
const STEPS = [
  { badge: BADGE.SETTINGS, to: '/setting/general', resource: 'setting' },
  { badge: BADGE.LOGO, to: '/setting/general', resource: 'setting' },
  { badge: BADGE.FIRST_POST, to: '/press', resource: 'press' },
  { badge: BADGE.MENU, to: '/setting/menu', resource: 'setting' },
  { badge: BADGE.TEAM, to: '/admin', resource: 'admin' },
] as const;

export function OnboardingCard({ session }: { session: Session }) {
  const translate = useTranslate();
  const notify = useNotify();
  const reload = useReloadSession();
  const [asking, setAsking] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const openPrompt = useShellPrompts();
  const badges = session.site.current?.badge ?? [];
  const done = STEPS.filter((s) => badges.includes(s.badge)).length;

  const skip = async () => {
    setSkipping(true);
    try {
      await call(siteApi.skip);
      await reload();
      notify('dashboard.onboarding.skipped', { type: 'success' });
    } catch (err) {
      // A refusal (403) carries no message and stays silent (SPEC §8).
      const message = (err as Error).message;
      if (message) notify(message, { type: 'error' });
    } finally {
      setSkipping(false);
      setAsking(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="onboarding-title" data-testid="onboarding">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
          <Box>
            <Typography id="onboarding-title" variant="h6" component="h2">
              {translate('dashboard.onboarding.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('dashboard.onboarding.intro')}
            </Typography>
          </Box>
          <Button label="dashboard.onboarding.skip" onClick={() => setAsking(true)} />
        </Stack>
        <Box sx={{ my: 2 }}>
          <Typography variant="body2" sx={{ mb: 0.5 }} id="onboarding-progress">
            {translate('dashboard.onboarding.progress', { done, total: STEPS.length })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={(done / STEPS.length) * 100}
            aria-labelledby="onboarding-progress"
          />
        </Box>
        <List dense disablePadding>
          {STEPS.map((step) => {
            const earned = badges.includes(step.badge);
            const { state, feature } = itemAccess(
              session.user,
              session.site.current?.features ?? [],
              step.resource,
            );
            const label = translate(`dashboard.onboarding.badges.${step.badge}`);
            const status = translate(earned ? 'dashboard.onboarding.done' : 'dashboard.onboarding.todo');
            const icon = (
              <ListItemIcon sx={{ minWidth: 36 }}>
                {earned ? (
                  <DoneIcon color="success" titleAccess={status} />
                ) : (
                  <TodoIcon color="disabled" titleAccess={status} />
                )}
              </ListItemIcon>
            );
            const text = (
              <ListItemText
                primary={label}
                slotProps={{
                  primary: { sx: earned ? { color: 'text.secondary', textDecoration: 'line-through' } : {} },
                }}
              />
            );
            return (
              <ListItem
                key={step.badge}
                disablePadding
                data-testid={`badge-${step.badge}`}
                data-done={earned}
              >
                {state === 'hidden' ? (
                  <Stack direction="row" sx={{ px: 2, py: 0.5, alignItems: 'center' }}>
                    {icon}
                    {text}
                  </Stack>
                ) : state === 'plan' ? (
                  <ListItemButton onClick={() => openPrompt('plan', feature)}>
                    {icon}
                    {text}
                  </ListItemButton>
                ) : (
                  <ListItemButton component={Link} to={step.to}>
                    {icon}
                    {text}
                  </ListItemButton>
                )}
              </ListItem>
            );
          })}
        </List>
      </CardContent>
      <Confirm
        isOpen={asking}
        loading={skipping}
        title="dashboard.onboarding.skipTitle"
        content="dashboard.onboarding.skipBody"
        confirm="dashboard.onboarding.skip"
        onConfirm={skip}
        onClose={() => setAsking(false)}
      />
    </Card>
  );
}
