/**
 * The site's time zone (schedule times are the site's wall-clock time) and a formatter of instants in it, in the
 * interface language. Without a current site it is the platform default, Asia/Taipei.
 */
import { useQuery } from '@tanstack/react-query';
import { useLocaleState } from 'ra-core';
import { useCallback } from 'react';
import { DEFAULT_TIMEZONE, type Locale } from '../../../contract/constants';
import { getSession } from '../../auth/session';
import { htmlLang } from '../../i18n/locale';

export function useSiteTime() {
  const { data: session } = useQuery({ queryKey: ['session'], queryFn: getSession, staleTime: Infinity });
  const zone = session?.site.current?.timezone || DEFAULT_TIMEZONE;
  const [locale] = useLocaleState();
  const format = useCallback(
    (instant: Date | string | number) =>
      new Intl.DateTimeFormat(htmlLang[locale as Locale] ?? 'zh-Hant-TW', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: zone,
      }).format(new Date(instant)),
    [locale, zone],
  );
  return { zone, format };
}
