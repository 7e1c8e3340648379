/**
 * The session as the shell's screens read it (react-query under the key ['session'], shared with useDateTime), and
 * switching the current site: afterwards every cached answer belongs to the other site, so all are reset.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { siteApi } from '../../contract/api/sites';
import type { Session } from '../../contract/session';
import { getSession, refreshSession } from '../auth/session';
import { call, waitForData } from '../dataProvider/client';

export const SESSION_KEY = ['session'];

export function useSessionQuery() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: getSession, staleTime: Infinity });
}

/**
 * Whether the session came in time (SPEC §7's wait-for-data fallback): null while waiting, then the envelope of
 * `waitForData` over the session query's data — code 0 when it has not come after 10 tries at 200 ms. `again`
 * fetches the session anew and waits once more.
 */
export function useSessionWait() {
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const [waited, setWaited] = useState<{ round: number; code: number } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void waitForData(() => queryClient.getQueryData<Session>(SESSION_KEY), {
      signal: controller.signal,
    }).then((envelope) => {
      if (!controller.signal.aborted) setWaited({ round, code: envelope.code });
    });
    return () => controller.abort();
  }, [queryClient, round]);
  const again = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: SESSION_KEY });
    setRound((r) => r + 1);
  }, [queryClient]);
  return { code: waited?.round === round ? waited.code : null, again };
}

/** Reads the session again (e.g. after the site's badges changed) and tells every screen that shows it. */
export function useReloadSession() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await refreshSession();
    await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  }, [queryClient]);
}

/** Makes a site the current one, then goes to its dashboard. */
export function useSwitchSite() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (id: number) => {
      const site = await call(siteApi.switch, { id });
      await refreshSession();
      navigate('/');
      await queryClient.resetQueries();
      return site;
    },
    [navigate, queryClient],
  );
}
