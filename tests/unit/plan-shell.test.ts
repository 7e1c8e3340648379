/**
 * The shell's plan prompts (layout/shellLogic.ts): the payment alert is due once, for a past-due subscription; a
 * lapsed site (its plan gone: no features) keeps the role's gated items, which then ask for a plan; an item the plan
 * lacks names the missing feature, and the cheapest plan on offer that has it.
 */
import { describe, expect, it } from 'vitest';
import type { PlanCard } from '../../contract/billing';
import { BUILTIN_ROLE_PERMISSIONS, ROLE } from '../../contract/permissions';
import { type Feature, featuresOf, grantedPermissions, PLANS } from '../../contract/plans';
import { mayManagePlan } from '../../src/custom/plan/api';
import { itemAccess, itemState, lowestPlanWith, paymentAlertDue } from '../../src/layout/shellLogic';

describe('the payment alert', () => {
  it('is due for a past-due subscription not yet alerted in this session', () => {
    expect(paymentAlertDue('past_due', false)).toBe(true);
    expect(paymentAlertDue('past_due', true)).toBe(false);
    for (const status of ['active', 'lapsed', 'cancelled', 'pending', undefined]) {
      expect(paymentAlertDue(status, false), String(status)).toBe(false);
    }
  });

  it('reads the subscription only for those holding the plan permission (owners)', () => {
    const user = (role: number) => ({ permissions: [...BUILTIN_ROLE_PERMISSIONS[role]] });
    expect(mayManagePlan(user(ROLE.OWNER))).toBe(true);
    expect(mayManagePlan(user(ROLE.ADMIN))).toBe(false);
    expect(mayManagePlan(user(ROLE.EDITOR))).toBe(false);
    expect(mayManagePlan(null)).toBe(false);
  });
});

describe('a lapsed site', () => {
  it('keeps the gated items of the role, locked behind the no-plan prompt', () => {
    const base = [...BUILTIN_ROLE_PERMISSIONS[ROLE.OWNER]];
    const lapsed = { base_permissions: base, permissions: grantedPermissions(base, featuresOf(null)) };
    expect(itemState(lapsed, 'admin')).toBe('plan');
    expect(itemState(lapsed, 'role')).toBe('plan');
    // Writing, settings and the plan itself need no plan.
    expect(itemState(lapsed, 'press')).toBe('open');
    expect(itemState(lapsed, 'setting')).toBe('open');
    expect(mayManagePlan(lapsed)).toBe(true);
  });
});

/** An owner of a site on the seed's plan `planId` (0: none), as the session gives them. */
function ownerOn(planId: number) {
  const base = [...BUILTIN_ROLE_PERMISSIONS[ROLE.OWNER]];
  const features = featuresOf(planId);
  return { user: { base_permissions: base, permissions: grantedPermissions(base, features) }, features };
}

/** The plans on offer as `service/collection` answers them (the seed's, internal left out). */
const cards: PlanCard[] = PLANS.filter((p) => p.name !== 'internal').map((p) => ({
  id: p.id,
  icon: '',
  title: { tw: p.name, en: p.name },
  price: p.price,
  helper: { tw: '', en: '' },
  features: [...p.features],
  members: p.members,
  staff: p.staffCount,
  upload_mb: p.uploadMb,
  newsletters: p.newsletters,
  history: p.history,
}));

describe('an item the role allows but the plan lacks', () => {
  it('names the feature the plan lacks: design on CREATOR, for the menu item and its route', () => {
    const { user, features } = ownerOn(3);
    expect(itemAccess(user, features, 'design')).toEqual({ state: 'plan', feature: 'design' });
    expect(itemAccess(user, features, 'design', 'edit')).toEqual({ state: 'plan', feature: 'design' });
    // CREATOR has the team, the shop and reader plans.
    expect(itemAccess(user, features, 'admin')).toEqual({ state: 'open' });
    expect(itemAccess(user, features, 'subscription')).toEqual({ state: 'open' });
  });

  it('names the feature of a resource whose calls need one its permission does not (reader plans)', () => {
    const { user, features } = ownerOn(2);
    expect(itemAccess(user, features, 'subscription')).toEqual({ state: 'plan', feature: 'membership' });
    expect(itemAccess(user, features, 'orders')).toEqual({ state: 'plan', feature: 'shop' });
    // An entity's declared feature is passed by the caller (the registry's brief).
    expect(itemAccess(user, features, 'press', 'list', 'shop')).toEqual({ state: 'plan', feature: 'shop' });
  });

  it('on a site without a plan, names the feature too (the prompt then speaks of the plan in general)', () => {
    const { user, features } = ownerOn(0);
    expect(itemAccess(user, features, 'admin')).toEqual({ state: 'plan', feature: 'team' });
    expect(itemAccess(user, features, 'press')).toEqual({ state: 'open' });
  });

  it('is hidden from a role that does not allow it, whatever the plan', () => {
    const editor = [...BUILTIN_ROLE_PERMISSIONS[ROLE.EDITOR]];
    const user = { base_permissions: editor, permissions: grantedPermissions(editor, []) };
    expect(itemAccess(user, [], 'design')).toEqual({ state: 'hidden' });
    expect(itemAccess(null, [], 'press')).toEqual({ state: 'hidden' });
  });
});

describe('the cheapest plan with a feature', () => {
  const lowest = (feature: Feature, list = cards) => lowestPlanWith(list, feature)?.title.en;

  it('is read from the plans on offer: TEAM+ for design, CREATOR for the shop, STARTER for the team', () => {
    expect(lowest('design')).toBe('TEAM+');
    expect(lowest('shop')).toBe('CREATOR');
    expect(lowest('membership')).toBe('CREATOR');
    expect(lowest('team')).toBe('STARTER');
  });

  it("follows an operator's change of the plans table, and names none when no plan on offer has it", () => {
    const cheaperBusiness = cards.map((c) => (c.title.en === 'BUSINESS' ? { ...c, price: 999 } : c));
    expect(lowest('design', cheaperBusiness)).toBe('BUSINESS');
    const noDesign = cards.map((c) => ({ ...c, features: c.features.filter((f) => f !== 'design') }));
    expect(lowestPlanWith(noDesign, 'design')).toBeUndefined();
    // A plan granting everything has every feature.
    expect(
      lowest('design', [{ ...cards[0], price: 1, features: ['full'], title: { tw: 'X', en: 'X' } }]),
    ).toBe('X');
  });
});
