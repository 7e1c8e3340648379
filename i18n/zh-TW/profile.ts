/** zh-TW words: the user's own profile and account (/profile, /profile/edit, /setting/account, /setting/password). */
const profile = {
  profile: {
    menu: {
      profile: '個人資料',
      account: '帳號設定',
    },
    view: {
      title: '個人資料',
      edit: '編輯個人資料',
      noNickname: '（尚未設定暱稱）',
      role: '在「%{site}」的角色',
      noSite: '你目前沒有可管理的網站。',
    },
    fields: {
      avatar: '頭像',
      nickname: '暱稱',
      email: '電子信箱',
      language: '介面語言',
    },
    verified: '已驗證',
    unverified: '未驗證',
    verifyNow: '驗證電子信箱',
    pending: '待確認：%{email}',
    cancelChange: '取消變更',
    edit: {
      title: '編輯個人資料',
      cropAvatar: '裁切頭像',
      emailHint: '新信箱要輸入寄到該信箱的 6 位數驗證碼後才會生效；在那之前仍以目前的信箱登入。',
    },
    code: {
      title: '驗證電子信箱',
      sent: '驗證碼已寄到 %{email}，請在下方輸入。',
      notSent: '按下「寄送驗證碼」，我們會寄 6 位數驗證碼到 %{email}。',
      send: '寄送驗證碼',
      submit: '驗證',
      later: '稍後再驗證',
      done: '電子信箱已驗證',
    },
    account: {
      title: '帳號設定',
      email: '登入用的電子信箱',
      changeEmail: '變更電子信箱',
      password: '密碼',
      passwordHint: '變更密碼後，其他裝置上的登入會被登出。',
      changePassword: '變更密碼',
    },
    password: {
      title: '變更密碼',
      current: '目前的密碼',
      new: '新密碼',
      submit: '變更密碼',
      done: '密碼已變更，其他裝置上的登入已登出。',
    },
  },
};

export default profile;
