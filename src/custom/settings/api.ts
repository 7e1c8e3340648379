/**
 * The settings screens' calls: the service status (shared by the overview and the domain screens under one query
 * key) and a way to take a fresh status from a reply, which also reloads the session — the shell shows the site's
 * address and publish state from it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { settingsApi } from '../../../contract/api/settings';
import type { SiteStatus } from '../../../contract/settings';
import { call } from '../../dataProvider/client';
import { useReloadSession } from '../../layout/session';

export const STATUS_KEY = ['settings', 'status'];

export function useSiteStatus() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => call(settingsApi.status) });
}

/** Keeps a status the server just answered, and tells the shell. */
export function useStatusChanged() {
  const queryClient = useQueryClient();
  const reloadSession = useReloadSession();
  return useCallback(
    async (status: SiteStatus) => {
      queryClient.setQueryData(STATUS_KEY, status);
      await reloadSession();
    },
    [queryClient, reloadSession],
  );
}

/** The platform's domain, as the status's sub-domain address shows it (`<slug>.<platform>`). */
export const platformDomain = (status: Pick<SiteStatus, 'slug' | 'subdomain'>) =>
  status.subdomain.slice(status.slug.length + 1);
