/** The site's own service plans (SPEC §9). Currency and billing period are not specified. */
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
}

export const PLANS: readonly Plan[] = [
  {
    id: 1,
    name: 'internal',
    price: 299,
    members: 9999,
    history: { count: 1000, days: 60 },
    uploadMb: 300,
    newsletters: 40_000,
    staffCount: 100,
  },
  {
    id: 2,
    name: 'STARTER',
    price: 299,
    members: 500,
    history: { count: 10, days: 7 },
    uploadMb: 0,
    newsletters: 0,
    staffCount: 2,
  },
  {
    id: 3,
    name: 'CREATOR',
    price: 799,
    members: 1000,
    history: { count: 100, days: 14 },
    uploadMb: 100,
    newsletters: 4_000,
    staffCount: 5,
  },
  {
    id: 4,
    name: 'TEAM+',
    price: 1599,
    members: 1000,
    history: { count: 500, days: 21 },
    uploadMb: 200,
    newsletters: 4_000,
    staffCount: 20,
  },
  {
    id: 5,
    name: 'BUSINESS',
    price: 6399,
    members: 2999,
    history: { count: 1000, days: 60 },
    uploadMb: 300,
    newsletters: 40_000,
    staffCount: 50,
  },
];

export function planById(id: number | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}
