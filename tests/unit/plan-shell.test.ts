/**
 * The shell's plan prompts (layout/shellLogic.ts): the payment alert is due once, for a past-due subscription; a
 * lapsed site (its plan gone: no features) keeps the role's gated items, which then ask for a plan.
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_ROLE_PERMISSIONS, ROLE } from '../../contract/permissions';
import { featuresOf, grantedPermissions } from '../../contract/plans';
import { mayManagePlan } from '../../src/custom/plan/api';
import { itemState, paymentAlertDue } from '../../src/layout/shellLogic';

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
