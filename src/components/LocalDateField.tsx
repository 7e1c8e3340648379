/** A date and time shown in the interface language's own format. */
import { useLocaleState } from 'ra-core';
import { DateField, type DateFieldProps } from 'react-admin';
import type { Locale } from '../../contract/constants';
import { htmlLang } from '../i18n/locale';

export function LocalDateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <DateField showTime locales={htmlLang[locale as Locale] ?? 'zh-Hant-TW'} {...props} />;
}
