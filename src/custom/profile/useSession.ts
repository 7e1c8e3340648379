/** The session for the profile screens, and a reload that also refreshes the name and avatar in the top bar. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Session } from '../../../contract/session';
import { getSession, refreshSession } from '../../auth/session';

export function useSession() {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  useEffect(() => {
    let live = true;
    void getSession().then((s) => live && setSession(s));
    return () => {
      live = false;
    };
  }, []);
  const reload = useCallback(async () => {
    const next = await refreshSession();
    setSession(next);
    // react-admin's user menu reads getIdentity, cached under this key.
    await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
    return next;
  }, [queryClient]);
  return { session, reload };
}
