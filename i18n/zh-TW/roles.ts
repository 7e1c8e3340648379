/** zh-TW words: the role resource's, which the menu names; the role screens' and the permission tree's own are in rolesScreens.ts. */
const roles = {
  resources: {
    role: {
      name: '角色 |||| 角色',
      fields: {
        id: 'ID',
        name: '角色名稱',
        builtin: '類型',
        permissions: '權限',
        staff_count: '人員數',
        updated_at: '更新時間',
      },
    },
  },
};

export default roles;
