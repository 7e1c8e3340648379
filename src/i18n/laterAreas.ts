/**
 * The later areas' words (i18n/areas.ts LATER_AREAS) and which a screen needs first: loaded with the first screen
 * other than the dashboard, so that the dashboard carries neither their table nor their files' names.
 */
import type { Locale } from '../../contract/constants';
import { AREA_FILE, LATER_AREAS } from '../../i18n/areas';

export { LATER_AREAS, screenAreas } from '../../i18n/areas';

/**
 * The later areas' files of every language (LATER_AREAS, which an import pattern cannot read: a test compares), each
 * its own import (vite.config.ts: a file per area and language).
 */
const areaFiles = import.meta.glob<{ default: object }>(
  '../../i18n/*/{aiHelper,contentScreens,discount,epaperSend,filesScreens,labelsScreens,members,menus,orders,pageTree,rolesScreens,settings,share,subscription,translation,videos,wordImport,writer}.ts',
);

/** These later areas of a language (all of them without a list). */
export const laterAreaWords = (locale: Locale, areas: readonly string[] = LATER_AREAS) =>
  Promise.all(
    Object.entries(areaFiles)
      .filter(([file]) => {
        const [, lang, area] = AREA_FILE.exec(file) ?? [];
        return lang === locale && areas.includes(area);
      })
      .map(([, load]) => load()),
  );
