/**
 * The readers' pages (shared/paths.ts READER_PAGE_KINDS): one builder per page, each in its own file, answering the page's
 * title and the objects its template gets besides the usual ones (site, menus, settings, head …), or null for a 404.
 */
import type { ReaderPageKind } from '../../shared/paths';
import { shopPageBuilders } from '../shop/pages';
import { accountPage } from './account';
import { contactPage } from './contact';
import { searchPage } from './search';
import { signinPage } from './signin';
import { subscribePage } from './subscribe';
import type { ReaderPageBuilder } from './types';
import { unsubscribePage } from './unsubscribe';

export const readerPageBuilders: Record<ReaderPageKind, ReaderPageBuilder> = {
  signin: signinPage,
  account: accountPage,
  contact: contactPage,
  subscribe: subscribePage,
  search: searchPage,
  unsubscribe: unsubscribePage,
  ...shopPageBuilders,
};
