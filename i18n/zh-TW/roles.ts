/** zh-TW words: roles and the permission tree (keys follow contract/permissionTree.ts permissionLabelKey). */
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
