/** ja words: the user's own profile and account. */
const profile = {
  profile: {
    menu: {
      profile: 'プロフィール',
      account: 'アカウント設定',
    },
    view: {
      title: 'プロフィール',
      edit: 'プロフィールを編集',
      noNickname: '（ニックネーム未設定）',
      role: '「%{site}」でのロール',
      noSite: '管理できるサイトはまだありません。',
    },
    fields: {
      avatar: 'アバター',
      nickname: 'ニックネーム',
      email: 'メールアドレス',
      language: '表示言語',
    },
    verified: '認証済み',
    unverified: '未認証',
    verifyNow: 'メールアドレスを認証',
    pending: '確認待ち：%{email}',
    cancelChange: '変更を取り消す',
    edit: {
      title: 'プロフィールを編集',
      cropAvatar: 'アバターをトリミング',
      emailHint:
        '新しいアドレスは、届いた 6 桁の認証コードを入力すると有効になります。それまでは現在のアドレスでログインします。',
    },
    code: {
      title: 'メールアドレスの認証',
      sent: '%{email} に認証コードを送信しました。下に入力してください。',
      notSent: '「コードを送信」を押すと、%{email} に 6 桁の認証コードを送信します。',
      send: 'コードを送信',
      submit: '認証',
      later: '後で認証する',
      done: 'メールアドレスを認証しました',
    },
    account: {
      title: 'アカウント設定',
      email: 'ログイン用メールアドレス',
      changeEmail: 'メールアドレスを変更',
      password: 'パスワード',
      passwordHint: 'パスワードを変更すると、ほかの端末ではログアウトされます。',
      changePassword: 'パスワードを変更',
    },
    password: {
      title: 'パスワードの変更',
      current: '現在のパスワード',
      new: '新しいパスワード',
      submit: 'パスワードを変更',
      done: 'パスワードを変更しました。ほかの端末ではログアウトされました。',
    },
  },
};

export default profile;
