/**
 * The session as the shell's screens read it (react-query under the key ['session'], shared with useDateTime), and
 * switching the current site: afterwards every cached answer belongs to the other site, so all are reset.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { siteApi } from '../../contract/api/sites';
import { getSession, refreshSession } from '../auth/session';
import { call } from '../dataProvider/client';

export const SESSION_KEY = ['session'];

export function useSessionQuery() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: getSession, staleTime: Infinity });
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
