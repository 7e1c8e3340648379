/**
 * zh-TW words of the readers' side of the public site (server/modules/readers/, server/public/readers/): the
 * sign-in mail and the readers' page titles. Template words are the theme's own (themes/default/locales).
 */
const readers = {
  readers: {
    mail: {
      subject: '%{code} 是您在 %{site} 的登入驗證碼',
      body: '您好：\n\n您在「%{site}」的登入驗證碼是 %{code}，%{minutes} 分鐘內有效。\n\n也可以直接點選以下連結登入：\n%{link}\n\n如果這不是您本人的操作，請忽略這封信。',
    },
    page: {
      signin: '會員登入',
      account: '我的帳戶',
      contact: '聯絡我們',
    },
  },
};

export default readers;
