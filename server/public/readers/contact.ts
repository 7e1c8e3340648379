/**
 * The readers' `/contact` page (template `contact`): the contact form (`reader/contact`: name, email, title, body),
 * which makes a customer message. Its object: `contact` = { name, email }, the signed-in reader's (else '').
 */
import { localeOfLanguage, t } from '../../i18n';
import type { ReaderPageBuilder } from './types';

export const contactPage: ReaderPageBuilder = async (_deps, input, at) => ({
  title: t(localeOfLanguage(at.locale), 'readers.page.contact'),
  objects: { contact: { name: input.reader?.name ?? '', email: input.reader?.email ?? '' } },
});
