/**
 * The plan screens' calls: the current subscription (one query key, shared by /plan, /plan/current, /service and the
 * shell's payment alert), a change's preview, and who may ask at all. Plan calls are the site owner's only: the
 * `subscription.plan` permission is held by owners, and the server also checks the site's owner (403 otherwise).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { planApi } from '../../../contract/api/plans';
import { Code } from '../../../contract/codes';
import type { Session } from '../../../contract/session';
import { ApiError, call } from '../../dataProvider/client';
import { useReloadSession, useSessionQuery } from '../../layout/session';
import { STATUS_KEY } from '../settings/api';

export const CURRENT_PLAN_KEY = ['plan', 'current'];
const PLAN_PERMISSION = 'subscription.plan';

/** Whether the session's user may use the plan calls of the current site (its owner). */
export const mayManagePlan = (user: Pick<NonNullable<Session['user']>, 'permissions'> | null | undefined) =>
  Boolean(user?.permissions.includes(PLAN_PERMISSION));

/** The current site's subscription; null when it never had one (19002). Errors are the caller's to show. */
export function useCurrentPlan(enabled = true) {
  return useQuery({
    queryKey: CURRENT_PLAN_KEY,
    queryFn: async () => {
      try {
        return await call(planApi.current);
      } catch (err) {
        if (err instanceof ApiError && err.code === Code.PLAN_NOT_ACTIVE) return null;
        throw err;
      }
    },
    enabled,
    // Refusals (403, 19002) are answers, not hiccups.
    retry: false,
  });
}

/**
 * The plan the current site waits to pay for — its subscription is still `pending`: the wizard's first payment
 * failed or was left — or null. Only the owner may pay (and read plan/current); it shares the shell's query.
 */
export function useUnpaidPlan(): number | null {
  const { data: session } = useSessionQuery();
  const site = session?.site.current;
  const waiting = Boolean(site) && !site?.service && mayManagePlan(session?.user);
  const { data: sub } = useCurrentPlan(waiting);
  return waiting && sub?.status === 'pending' ? sub.plan : null;
}

/** What changing to plan `id` would do (plan/change without force, with a discount code if given): nothing is saved. */
export function useChangePreview(id: number, enabled: boolean, code = '') {
  return useQuery({
    queryKey: ['plan', 'preview', id, code],
    queryFn: () => call(planApi.change, { id, force: false, ...(code && { discount_code: code }) }),
    enabled,
    retry: false,
    // A preview is of this moment: asked again on every visit.
    gcTime: 0,
  });
}

/** After a plan call changed something: the subscription and the session (the plan's features) read again. */
export function usePlanChanged() {
  const queryClient = useQueryClient();
  const reloadSession = useReloadSession();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['plan'] }),
      queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
      reloadSession(),
    ]);
  }, [queryClient, reloadSession]);
}

/** A refusal meaning "not the owner": the screens say so instead of a toast. */
export const isForbidden = (err: unknown) => err instanceof ApiError && err.status === 403;

/** Active or in its grace period: the site has a plan it may change or cancel. */
export const hasLivePlan = (status: string | undefined) => status === 'active' || status === 'past_due';
