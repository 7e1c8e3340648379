/** Dates as readers see them: in the site's time zone and the page's language (2026年11月25日, November 25, 2026). */
import { DEFAULT_TIMEZONE } from '../../../contract/constants';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string, locale: string): Intl.DateTimeFormat {
  const key = `${timeZone}|${locale}`;
  let format = formats.get(key);
  if (!format) {
    const options = { year: 'numeric', month: 'long', day: 'numeric' } as const;
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // A time zone this runtime does not know: the platform's default one.
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: DEFAULT_TIMEZONE });
    }
    // Few sites' zones and languages: the map stays small, but it is bounded anyway.
    if (formats.size > 500) formats.clear();
    formats.set(key, format);
  }
  return format;
}

export const displayDate = (date: Date | null, timeZone: string, locale: string): string =>
  date ? formatOf(timeZone, locale).format(date) : '';
