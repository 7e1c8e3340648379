/**
 * Every screen a person can open, for the screen sweep (screens-sweep.spec.ts): the admin's screens by the route
 * that serves them (a unit test, tests/unit/screens-list.test.ts, checks that each route of the app is here and that
 * nothing here is not a route), the sign-in screens, and the default theme's public pages. Each names the address
 * to open on the seeded site (fixtures-sweep.ts) and what shows once it has its data.
 */
import type { Seeded } from './fixtures-sweep';

export interface Screen {
  /** The route as the app declares it (a react-router pattern). */
  route: string;
  /** The address to open. */
  path: (s: Seeded) => string;
  /** A list: its page, toolbar and pagination must fit 1,024 and 1,440 px. */
  list?: boolean;
  /** A CSS selector visible once the screen shows its data (besides its h1). */
  ready?: string;
}

const ROWS = 'tbody tr';
/** The writer once it has loaded its item (its buttons are disabled until then). */
const WRITER = '[data-testid="writer-publish"]:enabled';
const DIALOG = '[role="dialog"]';

const list = (route: string, ready = ROWS): Screen => ({ route, path: () => route, list: true, ready });
const at = (route: string, path: Screen['path'], ready?: string): Screen => ({ route, path, ready });
const fixed = (route: string, ready?: string): Screen => ({ route, path: () => route, ready });

/** An entity's generated screens: its list, the add dialog (`/0`) and a record's dialog. */
const entity = (name: string, id: (s: Seeded) => number): Screen[] => [
  list(`/${name}`),
  at(`/${name}/:id`, () => `/${name}/0`, DIALOG),
  at(`/${name}/:id`, (s) => `/${name}/${id(s)}`, DIALOG),
];

const publishFlow = (resource: 'press' | 'page' | 'epaper', id: (s: Seeded) => number): Screen[] =>
  ['setting', 'success', 'tags'].map((step) =>
    at(`/${resource}/:id/publish/${step}`, (s) => `/${resource}/${id(s)}/publish/${step}`),
  );

export const ADMIN_SCREENS: Screen[] = [
  fixed('/', '[data-testid="stats-totals"]'),
  // Content
  list('/press'),
  list('/page', '[data-testid="page-row"]'),
  list('/epaper'),
  at('/edit/:type/:id', () => '/edit/post/0', WRITER),
  at('/edit/:type/:id', (s) => `/edit/post/${s.press}`, WRITER),
  at('/edit/:type/:id', (s) => `/edit/page/${s.page}`, WRITER),
  at('/edit/:type/:id', (s) => `/edit/epaper/${s.epaper}`, WRITER),
  ...publishFlow('press', (s) => s.press),
  ...publishFlow('page', (s) => s.page),
  ...publishFlow('epaper', (s) => s.epaper),
  at('/epaper/:id/send', (s) => `/epaper/${s.epaper}/send`, '[data-testid="audience-count"]'),
  fixed('/page/home'),
  // Labels, authors, places, page categories, media
  ...entity('tag', (s) => s.tag),
  ...entity('category', (s) => s.category),
  at('/label/*', () => '/label', ROWS),
  at('/label/*', (s) => `/label/${s.category}?type=category`, DIALOG),
  ...entity('author', (s) => s.author),
  ...entity('place', (s) => s.place),
  ...entity('page_category', (s) => s.pageCategory),
  list('/file', '[data-testid="media-tile"]'),
  at('/file', (s) => `/file/image/${s.file}`, DIALOG),
  at('/file', () => '/file/video'),
  // People
  list('/member'),
  // The add-member dialog over the list (the member entity's Dialog), and a member's record page.
  at('/member/:id', () => '/member/0', DIALOG),
  at('/member/:id', (s) => `/member/${s.member}`),
  list('/admin'),
  at('/admin/:id', (s) => `/admin/${s.staff}`),
  list('/role'),
  fixed('/role/create'),
  at('/role/:id', (s) => `/role/${s.role}`),
  list('/follower'),
  list('/customer'),
  at('/customer/:id', (s) => `/customer/${s.customer}`),
  fixed('/subscription'),
  // Shop
  ...entity('goods', (s) => s.goods),
  ...entity('logistics', (s) => s.logistics),
  list('/orders'),
  at('/orders/:id', (s) => `/orders/${s.order}`),
  at('/orders/:id/slip', (s) => `/orders/${s.order}/slip`),
  // The site and its settings
  list('/site'),
  at('/site/:id', (s) => `/site/${s.site}`),
  fixed('/setting'),
  fixed('/setting/general'),
  fixed('/setting/domain'),
  fixed('/setting/domain/sub'),
  fixed('/setting/domain/custom'),
  fixed('/setting/social'),
  fixed('/setting/menu'),
  fixed('/setting/theme'),
  fixed('/design'),
  fixed('/service'),
  fixed('/plan'),
  fixed('/plan/current'),
  at('/plan/:id', () => '/plan/5'),
  fixed('/plan/paid'),
  fixed('/init'),
  fixed('/support'),
  // One's own
  fixed('/profile'),
  fixed('/profile/edit'),
  fixed('/setting/account'),
  fixed('/setting/password'),
];

/** A form's button once its bot check has solved itself (until then it is disabled). */
const SOLVED = 'button[type="submit"]:enabled';

/** The sign-in app's screens, opened signed out (/auth/logout last: it ends the session it finds). */
export const AUTH_SCREENS: Screen[] = [
  fixed('/auth/login', SOLVED),
  fixed('/auth/register', SOLVED),
  fixed('/auth/forgot', SOLVED),
  fixed('/auth/forgot/success'),
  // With a link's token, as a person arrives there (its form and bot check).
  at('/auth/reset', () => '/auth/reset?v=sweep-token', SOLVED),
  fixed('/auth/invite'),
  // It signs out and moves on to the sign-in screen, which is what is then checked.
  fixed('/auth/logout', '[data-testid="captcha"]'),
];

/** The default theme's pages on the seeded site, without the language prefix. */
export interface ThemePage {
  name: string;
  path: (s: Seeded) => string;
}

export const THEME_PAGES: ThemePage[] = [
  { name: 'home', path: () => '/' },
  { name: 'article', path: (s) => `/post/${s.slugs.post}` },
  { name: 'page', path: (s) => `/${s.slugs.page}` },
  { name: 'category', path: (s) => `/category/${s.slugs.category}` },
  { name: 'tag', path: (s) => `/tag/${s.slugs.tag}` },
  { name: 'author', path: (s) => `/author/${s.author}` },
  { name: 'e-paper', path: (s) => `/epaper/${s.slugs.epaper}` },
  { name: 'search', path: () => '/search?q=sweep' },
  { name: 'signin', path: () => '/signin' },
  { name: 'account', path: () => '/account' },
  { name: 'subscribe', path: () => '/subscribe' },
  { name: 'contact', path: () => '/contact' },
  { name: 'shop', path: () => '/shop' },
  { name: 'product', path: (s) => `/shop/${s.slugs.goods}` },
  { name: 'cart', path: () => '/cart' },
  { name: 'order', path: (s) => `/order?order_number=${s.orderNumber}` },
  { name: '404', path: () => '/no-such-page' },
];
