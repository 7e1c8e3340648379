/**
 * For a signed-in user the interface language is one setting, the profile's: a language chosen in the top bar is
 * saved there (and the profile's own field switches the interface, ProfileEditPage). Sign-in takes the profile's
 * language on a device where nobody chose one (i18n/locale.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { profileApi } from '../../../contract/api/profile';
import type { Locale } from '../../../contract/constants';
import { refreshSession } from '../../auth/session';
import { call } from '../../dataProvider/client';
import { SESSION_KEY } from '../../layout/session';

export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Locale) => {
      try {
        await call(profileApi.save, { language });
        queryClient.setQueryData(SESSION_KEY, await refreshSession());
      } catch {
        // Not saved (offline, signed out meanwhile): the interface has switched on this device all the same.
      }
    },
    [queryClient],
  );
}
