/**
 * zh-TW words: the role screens' own (the permission tree, keys following contract/permissionTree.ts
 * permissionLabelKey, and the role list and form). They load after the dashboard (i18n/areas.ts LATER_AREAS); the
 * resources' words, which the menu shows, stay in roles.ts.
 */
const rolesScreens = {
  permissions: {
    group: {
      site_admin: '網站管理',
      content: '內容管理',
      system: '系統管理',
      staff: '人員管理',
      role: '角色管理',
      subscription: '訂閱管理',
      design: '設計',
      post: '文章',
      page: '靜態頁面',
      setting: '網站設定',
      plan: '方案管理',
      theme: '主題管理',
      member: '會員管理',
      customer: '客服訊息',
      shop: '電商管理',
      goods: '商品',
      logistics: '物流',
      order: '訂單',
    },
    leaf: {
      staff: { view: '檢視人員', edit: '編輯人員', delete: '刪除人員', view_all: '檢視所有管理員' },
      role: { view: '檢視角色', edit: '編輯角色', delete: '刪除角色' },
      subscription: { payment: '變更付款方式', plan: '變更方案' },
      design: { style: '變更樣式' },
      post: {
        view: '檢視文章',
        edit: '編輯文章',
        delete: '刪除文章',
        view_site: '檢視同站文章',
        view_all: '檢視所有文章',
      },
      page: { add: '新增頁面', edit: '編輯頁面', delete: '刪除頁面' },
      setting: {
        view: '檢視設定',
        edit: '編輯設定',
        delete: '刪除設定',
        permission: '編輯權限',
        admin: '編輯管理員',
      },
      plan: { add: '新增方案', edit: '編輯方案', delete: '刪除方案' },
      theme: { add: '新增主題', edit: '編輯主題', delete: '刪除主題' },
      member: { view: '檢視會員', edit: '編輯會員', delete: '刪除會員' },
      customer: { view: '檢視客服訊息', reply: '回覆客服訊息' },
      goods: { view: '檢視商品', edit: '編輯商品', delete: '刪除商品' },
      logistics: { view: '檢視物流', edit: '編輯物流', delete: '刪除物流' },
      order: { view: '檢視訂單', edit: '處理訂單' },
    },
    /** What the permissions that widen or guard the others do (contract/permissions.ts PERM), under the leaf. */
    help: {
      staff: { view_all: '看得到所有人員，包括擁有者與權限比自己多的人；沒有時只看得到自己能管理的人員。' },
      post: {
        view: '單獨勾選時，只看得到自己建立或掛名作者的文章、電子報與頁面。',
        view_site: '另可檢視並處理同站其他人已發佈或排程中的內容。',
        view_all: '可檢視並處理同站所有內容（包括他人的草稿），並可調整置頂順序。',
      },
      setting: {
        permission: '與「編輯人員」一起，才能變更人員的角色。',
        admin: '邀請、指派、變更或移除「管理員」時需要。',
      },
    },
  },
  roleScreens: {
    create: '新增角色',
    edit: '編輯角色',
    view: '檢視角色',
    builtin: '內建',
    custom: '自訂',
    builtinNote: '內建角色的權限由系統設定，無法改名、修改或刪除。',
    readOnlyNote: '你沒有編輯角色的權限，只能檢視。',
    beyondNote: '這個角色有你的角色沒有的權限，只能檢視，無法修改或刪除。',
    permissionsHint: '勾選群組會選取其中所有權限；部分選取時顯示為半選。',
    selected: '已選 %{n} / %{total} 項權限',
    staffCount: '%{smart_count} 位人員 |||| %{smart_count} 位人員',
    inUse: '有 %{smart_count} 位人員使用這個角色，請先為他們更換角色才能刪除。',
    saved: '角色已儲存',
    deleted: '角色已刪除',
    deleteTitle: '刪除角色「%{name}」？',
    deleteBody: '刪除後無法復原。',
    notFound: '找不到這個角色，可能已被刪除。',
    beyondOwn: '你的角色沒有這些權限，無法授予：%{list}',
    listSeparator: '、',
    notYours: '你的角色沒有的權限無法勾選，只能取消。',
    back: '返回角色列表',
  },
};

export default rolesScreens;
