/** The readers' `/subscribe` page: scaffolding until its part of issue 14 lands (it then says what it shows). */
import { localeOfLanguage, t } from '../../i18n';
import type { ReaderPageBuilder } from './types';

export const subscribePage: ReaderPageBuilder = async (_deps, _input, at) => ({
  title: t(localeOfLanguage(at.locale), 'publicSite.pageNotFound'),
  objects: {},
});
