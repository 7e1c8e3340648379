/**
 * The session for the profile screens (the shell's query, layout/session.ts, so a language saved from the top bar
 * shows here too), and a reload that also refreshes the name and avatar in the top bar.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refreshSession } from '../../auth/session';
import { SESSION_KEY, useSessionQuery } from '../../layout/session';

export function useSession() {
  const queryClient = useQueryClient();
  const { data: session = null } = useSessionQuery();
  const reload = useCallback(async () => {
    const next = await refreshSession();
    queryClient.setQueryData(SESSION_KEY, next);
    // react-admin's user menu reads getIdentity, cached under this key.
    await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
    return next;
  }, [queryClient]);
  return { session, reload };
}
