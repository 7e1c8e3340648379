/**
 * The site's own service plans (SPEC §9): the types, and the defaults the `plans` table is seeded with. The plans in
 * force are that table's rows (server/modules/plans/catalogue.ts; `npm run plans` changes them).
 */

/**
 * What a plan unlocks. A permission of a gated group (PERMISSION_FEATURES) is granted only when the site's plan has
 * its feature; `full` grants everything. Writing, settings and the site's own subscription need no plan.
 */
export const FEATURES = ['full', 'team', 'theme', 'design', 'membership', 'shop', 'newsletter'] as const;
export type Feature = (typeof FEATURES)[number];

export const FULL_POWER: Feature = 'full';

/** Permission group (the part of the id before the dot) → the feature it needs. */
export const PERMISSION_FEATURES: Readonly<Record<string, Feature>> = {
  staff: 'team',
  role: 'team',
  theme: 'theme',
  design: 'design',
  plan: 'membership',
  goods: 'shop',
  logistics: 'shop',
  order: 'shop',
};

/**
 * Resources whose permission needs no feature but whose every call does (the endpoints' `feature`): reader plans are
 * 訂閱管理's (subscription.plan, the owner's alone) on a plan with the membership feature.
 */
export const RESOURCE_FEATURES: Readonly<Record<string, Feature>> = {
  subscription: 'membership',
};

export interface Plan {
  id: number;
  name: string;
  price: number;
  members: number;
  /** Revisions kept: how many and for how many days. */
  history: { count: number; days: number };
  /** Upload quota in MB (0: the default limit). */
  uploadMb: number;
  /** Newsletters per month (0: none). */
  newsletters: number;
  /** Staff accounts allowed. */
  staffCount: number;
  /**
   * AI helper suggestions per calendar month (issue 16; the product's own figures, docs/writer-helpers.md,
   * "AI helper").
   */
  aiPerMonth: number;
  features: readonly Feature[];
}

/** The seed's plans (server/db/seed.ts); an operator's later changes live in the database only. */
export const PLANS: readonly Plan[] = [
  {
    id: 1,
    aiPerMonth: 1000,
    name: 'internal',
    price: 299,
    members: 9999,
    history: { count: 1000, days: 60 },
    uploadMb: 300,
    newsletters: 40_000,
    features: ['full'],
    staffCount: 100,
  },
  {
    id: 2,
    aiPerMonth: 30,
    name: 'STARTER',
    price: 299,
    members: 500,
    history: { count: 10, days: 7 },
    uploadMb: 0,
    newsletters: 0,
    features: ['team', 'theme'],
    staffCount: 2,
  },
  {
    id: 3,
    aiPerMonth: 200,
    name: 'CREATOR',
    price: 799,
    members: 1000,
    history: { count: 100, days: 14 },
    uploadMb: 100,
    newsletters: 4_000,
    features: ['team', 'theme', 'membership', 'shop', 'newsletter'],
    staffCount: 5,
  },
  {
    id: 4,
    aiPerMonth: 500,
    name: 'TEAM+',
    price: 1599,
    members: 1000,
    history: { count: 500, days: 21 },
    uploadMb: 200,
    newsletters: 4_000,
    features: ['team', 'theme', 'design', 'membership', 'shop', 'newsletter'],
    staffCount: 20,
  },
  {
    id: 5,
    aiPerMonth: 2000,
    name: 'BUSINESS',
    price: 6399,
    members: 2999,
    history: { count: 1000, days: 60 },
    uploadMb: 300,
    newsletters: 40_000,
    features: ['team', 'theme', 'design', 'membership', 'shop', 'newsletter'],
    staffCount: 50,
  },
];

/**
 * The default features of a plan id (the seed's), or none for no plan. Defaults only: what is in force on a site
 * is the plans table's (server/modules/plans/catalogue.ts), which an operator may change.
 */
export function featuresOf(serviceId: number | null | undefined): readonly Feature[] {
  return PLANS.find((p) => p.id === serviceId)?.features ?? [];
}

/** The feature a permission needs, if any. */
export function featureFor(permission: string): Feature | undefined {
  return PERMISSION_FEATURES[permission.split('.')[0]];
}

/** Whether a site with `features` has `needed` (`full` grants all). */
export const hasFeature = (features: readonly Feature[], needed: Feature): boolean =>
  features.includes(FULL_POWER) || features.includes(needed);

/** What a role may do on a site: its permissions AND the plan's features (`full` grants all). */
export function grantedPermissions(
  rolePermissions: readonly string[],
  features: readonly Feature[],
): string[] {
  return rolePermissions.filter((p) => {
    const needed = featureFor(p);
    return needed === undefined || hasFeature(features, needed);
  });
}

/** How a plan is shown on its card (service/collection): the defaults the database is seeded with (SPEC §9). */
export interface PlanDisplay {
  name: { tw: string; en: string };
  /** Whether it is sold (service/collection, site/init); `internal` is the platform's own and is not. */
  offered: boolean;
  icon: string;
  helper: { tw: string; en: string };
}

export const PLAN_DISPLAY: Readonly<Record<number, PlanDisplay>> = {
  1: { name: { tw: '內部', en: 'internal' }, offered: false, icon: 'building', helper: { tw: '', en: '' } },
  2: {
    name: { tw: 'STARTER', en: 'STARTER' },
    offered: true,
    icon: 'seedling',
    helper: { tw: '編輯器、SEO、CRM', en: 'Editor, SEO, CRM' },
  },
  3: {
    name: { tw: 'CREATOR', en: 'CREATOR' },
    offered: true,
    icon: 'pen',
    helper: { tw: '電子商務、每月電子報 4,000 封', en: 'E-commerce, 4,000 newsletters a month' },
  },
  4: {
    name: { tw: 'TEAM+', en: 'TEAM+' },
    offered: true,
    icon: 'users',
    helper: { tw: '優先支援、網站搬家', en: 'Priority support, site migration' },
  },
  5: {
    name: { tw: 'BUSINESS', en: 'BUSINESS' },
    offered: true,
    icon: 'briefcase',
    helper: { tw: '每月電子報 40,000 封、專屬客戶經理', en: '40,000 newsletters a month, account manager' },
  },
};

/**
 * Where the payment window comes back from the gateway (3-D Secure's return address): the SPA's page that tells its
 * opener, and a path whose headers let it keep that opener (server/http/securityHeaders.ts).
 */
export const PAYMENT_RETURN_PATH = '/plan/paid';

/** The payment window's first page, "connecting to your bank…", until the opener sends it to the gateway. */
export const PAYMENT_CONNECTING_PATH = '/payment-gateway/connecting';

/** The SPA's address that opens the card change (plan/card): the renewal-failure mail and the payment alert link here. */
export const CARD_CHANGE_PATH = '/plan/current?card=1';
