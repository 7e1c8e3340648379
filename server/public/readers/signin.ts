/**
 * The readers' `/signin` page (template `signin`): an e-mail form that mails a code and a magic link
 * (`reader/signin`), then the code form (`reader/verify`), with a name field for a new account. Its object:
 * `signin` = { link_error: '' | 'invalid' (a spent or expired magic link) | 'full' (the site's member limit) }.
 * A signed-in reader sees it too (the template may point them to their account through `reader`).
 */
import { localeOfLanguage, t } from '../../i18n';
import type { ReaderPageBuilder } from './types';

const LINK_ERRORS = ['invalid', 'full'];

export const signinPage: ReaderPageBuilder = async (_deps, input, at) => {
  const link = input.query?.get('link') ?? '';
  return {
    title: t(localeOfLanguage(at.locale), 'readers.page.signin'),
    objects: { signin: { link_error: LINK_ERRORS.includes(link) ? link : '' } },
  };
};
