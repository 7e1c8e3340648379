/** zh-TW words: staff (/admin), invitations and the invite page (/auth/invite). */
const staff = {
  staff: {
    invite: '邀請人員',
    seats: '已使用 %{used} / %{limit} 個帳號',
    you: '你',
    pending: {
      title: '待接受的邀請',
      chip: '邀請中',
      expires: '%{date} 前有效',
      cancel: '取消邀請',
      cancelTitle: '取消給 %{email} 的邀請？',
      cancelBody: '邀請連結會立即失效，佔用的帳號名額也會釋出。',
      cancelled: '邀請已取消',
    },
    dialog: {
      title: '邀請人員',
      intro: '我們會寄出邀請連結（%{days} 天內有效），對方設定密碼後即可加入。',
      submit: '寄出邀請',
      sent: '邀請已寄給 %{email}',
      limitHint: '目前方案最多 %{limit} 個帳號（含待接受的邀請）。',
    },
    detail: {
      title: '人員資料',
      self: '這是你自己的人員資料，無法修改或移除。',
      owner: '網站擁有者無法被移除或變更角色。',
      readOnly: '你沒有編輯人員的權限，只能檢視。',
      changeRole: '變更角色',
      saved: '角色已更新',
      /** SPEC §8's message, with the server's reason when it gives one. */
      saveFailed: '帳號角色儲存失敗。%{reason}',
      remove: '移除人員',
      removeTitle: '移除「%{name}」？',
      removeBody: '對方將無法再管理這個網站，帳號本身會保留。',
      removed: '人員已移除',
      back: '返回人員列表',
      notFound: '找不到這位人員，可能已被移除。',
      noRoleChange: '變更人員的角色需要「編輯權限」這項權限。',
      adminLocked: '變更或移除管理員需要「編輯管理員」這項權限。',
    },
    errors: {
      roleBeyond: '這個角色有你的角色沒有的權限，你無法給予。',
      adminInvited: '這個電子信箱已有「管理員」的邀請，取代它需要「編輯管理員」這項權限。',
    },
    join: {
      title: '加入網站',
      intro: '「%{site}」邀請你加入管理團隊。',
      account: '帳號',
      role: '角色',
      exists: '這個信箱已經有帳號了，請輸入該帳號的密碼加入。',
      accountPassword: '帳號密碼',
      submit: '加入',
      done: '已加入「%{site}」，請登入。',
      invalid: '這個邀請連結無效、已使用或已過期，請向邀請你的人索取新的邀請。',
      missing: '邀請連結不完整，請從邀請信中的連結開啟。',
      toLogin: '前往登入',
    },
    mail: {
      subject: '%{inviter} 邀請你加入「%{site}」',
      body: '你好：\n\n%{inviter} 邀請你以「%{role}」的身分加入「%{site}」的管理團隊。\n請在 %{days} 天內打開下面的連結加入：\n%{link}\n\n如果你不認識邀請人，請忽略這封信。',
    },
    csv: {
      joined: '已加入',
      pending: '邀請中',
    },
  },
};

export default staff;
