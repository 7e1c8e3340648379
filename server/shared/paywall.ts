/** The notice where a paid section starts, in the page's language (the renderer's words: themes bring none here). */
import { localeOfLanguage, t } from '../i18n';

export const paywallNotice = (lang: string): string => t(localeOfLanguage(lang), 'publicSite.paywall');
