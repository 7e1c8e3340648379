/** ja words: the role resource's (the screens' own: rolesScreens.ts). */
import type { DeepStrings } from '../types';
import type rolesSource from '../zh-TW/roles';

const roles: DeepStrings<typeof rolesSource> = {
  resources: {
    role: {
      name: 'ロール |||| ロール',
      fields: {
        id: 'ID',
        name: 'ロール名',
        builtin: '種類',
        permissions: '権限',
        staff_count: 'スタッフ数',
        updated_at: '更新日時',
      },
    },
  },
};

export default roles;
