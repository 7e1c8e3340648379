/**
 * What a theme's Liquid templates are given: the objects of every public page. The renderer (server/public/) builds
 * them; docs/themes.md documents them for theme authors. Plain data only: no functions, no database rows, nothing
 * a template could use to reach past its page. Dates are ISO strings; `*_display` ones are already formatted in the
 * site's time zone and the page's language.
 */
import type { ThemeSettingValues } from '../../contract/themes';

export interface LanguageObject {
  /** e.g. zh-TW, en, ja (the content language's code). */
  code: string;
  /** Its name in itself: 繁體中文, English, 日本語 … */
  label: string;
  /** This page in that language where it exists, else that language's home. */
  url: string;
  current: boolean;
}

export interface SiteObject {
  name: string;
  description: string;
  /** The site's root address, without a trailing slash (https://slug.example.com). */
  url: string;
  /** The home of the page's language ('' prefix for the default language, e.g. https://…/en for English). */
  home_url: string;
  logo: string;
  favicon: string;
  /** The page's language code (the <html lang>). */
  language: string;
  /** The site's languages (frontend_display_language), the default first. */
  languages: LanguageObject[];
  /** RSS of the page's language. */
  rss_url: string;
  /** The navigation's static pages in the page's language (issue 17). */
  pages?: SitePageObject[];
}

/** A link to a static page of the site (issue 17 "Page structure"). */
export interface PageLinkObject {
  title: string;
  url: string;
  /** The page being shown is this one. */
  current: boolean;
}

/** A page of the site's navigation (`site.pages`): an active, published top-level page and its active children. */
export interface SitePageObject extends PageLinkObject {
  children: PageLinkObject[];
}

/** A page's tabs: its parent's (or its own) published children in order. */
export interface PageTabsObject {
  /** The page whose children the tabs are. */
  parent: PageLinkObject;
  /** The tabs; `current` marks the one open (on the parent's page: its first tab). */
  items: PageLinkObject[];
  /** On the parent's page: the first tab's page, shown under the parent's content; null on a child's page. */
  open: { title: string; url: string; content: string } | null;
}

export interface MenuItemObject {
  title: string;
  url: string;
  /** A link leaving the site (opened with rel="noopener"). */
  external: boolean;
  /** The current page is this item's address. */
  active: boolean;
  children: MenuItemObject[];
}

export interface AuthorObject {
  id: number;
  name: string;
  title: string;
  avatar: string;
  url: string;
}

/** A category or a tag. */
export interface LabelObject {
  id: number;
  name: string;
  slug: string;
  cover: string;
  url: string;
}

/** A place (issue 17): an article's, or a pickup option's; words in the page's language, else the first that has them. */
export interface PlaceObject {
  id: number;
  name: string;
  address: string;
  hours: string;
  /** An http(s) map address, or ''. */
  map_url: string;
  /** Cover picture, or ''. */
  cover: string;
}

export interface ArticleObject {
  id: number;
  /** post, page or epaper. */
  type: 'post' | 'page' | 'epaper';
  title: string;
  subtitle: string;
  url: string;
  cover: string;
  /** Plain text, at most 120 characters. */
  abstract: string;
  /** The agenda excerpt (SPEC §9): plain text, at most 100 characters, from the abstract or else the subtitle. */
  agenda: string;
  /** Minutes. */
  reading_time: number;
  published_at: string;
  published_at_display: string;
  updated_at: string;
  authors: AuthorObject[];
  category: LabelObject | null;
  tags: LabelObject[];
  /** The item's blocks as HTML (sanitized); on an article or page template only, '' in lists. */
  content: string;
  /** Related items (the item's own choice, or the latest of its category); on single templates only. */
  related: ArticleObject[];
  /** The place the item is about, on single templates only (null in lists and when none). */
  place: PlaceObject | null;
}

export interface PaginationObject {
  page: number;
  /** Pages there are to link to (at most LIST_PAGE_MAX, contract/publicLists.ts). */
  pages: number;
  /** Items in the list: an estimate when `estimated` (a tag's or author's list past LIST_COUNT_EXACT_MAX). */
  total: number;
  /** Present (true) only when `total` and `pages` are estimates, not counts. */
  estimated?: true;
  /** '' on the first page. */
  prev_url: string;
  /** '' on the last page. */
  next_url: string;
}

export interface HomeObject {
  /** featured, grid or list (home settings). */
  type: string;
  /** The cover story ('' fields when none). */
  cover: string;
  title: string;
  content: string;
  link: string;
  /** The chosen articles in their order; the latest ones when none is chosen. */
  articles: ArticleObject[];
  /** The chosen categories in their order, each with its latest articles (4). */
  categories: (LabelObject & { articles: ArticleObject[] })[];
}

/** A category, tag or author page. */
export interface CollectionObject {
  kind: 'category' | 'tag' | 'author';
  title: string;
  /** The category or tag, or the author. */
  label: LabelObject | AuthorObject;
  articles: ArticleObject[];
  pagination: PaginationObject;
}

/** The signed-in reader of the site, on every page (`reader`; null when nobody is signed in). */
export interface ReaderObject {
  name: string;
  email: string;
  /** A paying member: the paid sections are theirs. */
  paying: boolean;
  url_account: string;
  url_signin: string;
}

/**
 * The readers' pages and forms, on every page (`reader_pages`), in the page's language: where the sign-in, account,
 * contact and plans pages are, where the forms post (`api_url` + '/signin' …), and the page's content language id
 * (sent as `lang_id` by the sign-in form, for the mail's language).
 */
export interface ReaderPagesObject {
  signin_url: string;
  account_url: string;
  contact_url: string;
  subscribe_url: string;
  /** '/api/reader': the reader actions, on the site's own host. */
  api_url: string;
  lang_id: number;
}

/** Where a selling site's shop is, on every page (`shop_pages`; null when the site's plan has no shop). */
export interface ShopPagesObject {
  shop_url: string;
  cart_url: string;
  /** '/api/reader/shop': the buyers' calls (quote, order, pay, get), on the site's own host. */
  api_url: string;
}

/** The signed-in reader's own page (`account`, template `account`; null when signed out). */
export interface AccountObject {
  name: string;
  email: string;
  epaper_opt_in: boolean;
  /** Their address follows the site. */
  following: boolean;
  paying: boolean;
  member_since: string;
  member_since_display: string;
  /** Their plan, or null when they never subscribed. */
  subscription: {
    plan_name: string;
    price: number;
    /** pending, active, past_due, lapsed or cancelled. */
    status: string;
    period_end: string;
    period_end_display: string;
    cancel_at_period_end: boolean;
    /** A paid plan that is not yet set to end: the cancel form (`reader/subscription/cancel`) applies. */
    cancellable: boolean;
    /** The card on file's last four digits and expiry (YYYYMM), '' when none. */
    card_last_four: string;
    card_expiry: string;
    /**
     * Active or past_due: the card change form applies (`reader/subscription/card`, with a prime from `card_prime`,
     * the gateway's card endpoint on this host, '' when the page cannot get one).
     */
    card_changeable: boolean;
    card_prime: string;
    /** past_due: what the card change pays now (the plan's price, whole TWD); else 0. */
    overdue: number;
  } | null;
  /** Their payments, newest first. */
  payments: {
    order_number: string;
    /** Whole TWD. */
    amount: number;
    /** pending, paid or failed (the gateway's outcome). */
    status: string;
    /** first, renewal or card (a card change). */
    kind: string;
    date: string;
    date_display: string;
  }[];
}

/** The variables of every template. */
export interface PageContext {
  site: SiteObject;
  menus: { main: MenuItemObject[]; secondary: MenuItemObject[] };
  /** The theme's design settings (theme.json defaults, overridden by the site's /design values). */
  settings: ThemeSettingValues;
  /**
   * Which template renders the page: index, post, page, category, tag, author, 404, coming_soon, or a reader page
   * (signin, account, contact, subscribe, search, unsubscribe).
   */
  template: string;
  /**
   * What belongs in <head>, already escaped: title, description, canonical, og:/twitter: tags (cover as og:image),
   * favicon, hreflang alternates, the RSS link and the site's tracking code. Output it raw: {{ head }}.
   */
  head: string;
  /** The <title> text, for themes that write their own. */
  page_title: string;
  /** The signed-in reader of the site, or null. */
  reader?: ReaderObject | null;
  /** The readers' pages and forms' addresses. */
  reader_pages?: ReaderPagesObject;
  /** The shop's pages on a site that sells, or null. */
  shop_pages?: ShopPagesObject | null;
  /** index only. */
  home?: HomeObject;
  /** post and page only. */
  article?: ArticleObject;
  /** page only: its tabs (its own children, or its parent's), or null. */
  page_tabs?: PageTabsObject | null;
  /** category, tag and author only. */
  collection?: CollectionObject;
  /** signin only: why a magic link did not sign in ('' | 'invalid' | 'full'). */
  signin?: { link_error: string };
  /** account only: the signed-in reader's page, or null when signed out. */
  account?: AccountObject | null;
  /** contact only: the signed-in reader's name and e-mail ('' when signed out). */
  contact?: { name: string; email: string };
}
