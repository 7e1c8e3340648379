/**
 * A public request, understood: which page of which language (the router, server/public/router.ts, makes it from
 * the path; the page builders, server/public/context.ts, turn it into a template's objects).
 */
import type { ThemeSettingValues } from '../../contract/themes';
import type { sites } from '../modules/tenancy/schema';
import type { PublicPageKind } from '../shared/paths';

export type SiteRow = typeof sites.$inferSelect;

export interface PublicRoute {
  kind: PublicPageKind;
  /** The slug or id of the item, label or author (none for index). */
  key?: string;
  langId: number;
  /** Page of a list, from 1. */
  page: number;
  /**
   * A category, tag or author page read from a keyset cursor (its next and previous links): the page starts just
   * after, or ends just before, this item of the list. Absent on pages addressed by number alone.
   */
  after?: number;
  before?: number;
}

/** A signed-in reader as the page builders see them. */
export interface PageReader {
  id: number;
  email: string;
  name: string;
  /** A paying member (readers/status.ts): the paid section is theirs to read. */
  paying: boolean;
}

export interface ContextInput {
  site: SiteRow;
  route: PublicRoute;
  /** The site's root address, no trailing slash (siteUrl). */
  base: string;
  /** The theme's settings' values in force (defaults overridden by the site's or a design preview's). */
  settings: ThemeSettingValues;
  /** A content preview: the item (by id) whose current draft is shown, whatever its status. */
  previewId?: number;
  /** The signed-in reader of the site (readers/session.ts), and whether they may read paid sections; null if none. */
  reader?: PageReader | null;
  /** The request's query (a reader page reads its own: search's `q`, unsubscribe's `token` …). */
  query?: URLSearchParams;
  /** The request's path without query, for menu `active` and language links. */
  path: string;
  now: number;
}
