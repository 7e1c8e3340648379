/**
 * Roles (SPEC §3, §6): the built-in ones (1 owner, 2 管理員, 3 編輯, 4 電商人員) hold the contract's permissions and
 * cannot be changed; a site's custom roles hold leaf ids of PERMISSION_TREE, chosen in the role editor.
 */
import { z } from 'zod';
import { NAME_MAX } from './constants';
import { f, ruled } from './fields';
import { ALL_PERMISSIONS } from './permissions';
import { rules } from './validation';

export interface Role {
  id: number;
  /** Built-in roles: their name in the caller's language. */
  name: string;
  builtin: boolean;
  /** Leaf ids, in the tree's order. */
  permissions: string[];
  /** Staff of the current site holding the role. */
  staff_count: number;
  /** null for built-in roles. */
  updated_at: string | null;
}

export const ROLE_NAME_MAX = NAME_MAX;

const known = new Set(ALL_PERMISSIONS);

/** `role/save`: id 0 adds a custom role. */
export const RoleSave = z.strictObject({
  id: z.number().int().min(0).max(2_147_483_647),
  name: f.requiredText(ROLE_NAME_MAX),
  permissions: ruled(z.array(z.string().max(64)).max(ALL_PERMISSIONS.length * 2), rules.hasChecked, (list) =>
    list.every((p) => known.has(p)) ? undefined : { message: 'validation.format' },
  ),
});
export type RoleSave = z.input<typeof RoleSave>;
