/** en words: the role resource's (the screens' own: rolesScreens.ts). */
import type { DeepStrings } from '../types';
import type rolesSource from '../zh-TW/roles';

const roles: DeepStrings<typeof rolesSource> = {
  resources: {
    role: {
      name: 'Role |||| Roles',
      fields: {
        id: 'ID',
        name: 'Role name',
        builtin: 'Type',
        permissions: 'Permissions',
        staff_count: 'Staff',
        updated_at: 'Updated',
      },
    },
  },
};

export default roles;
