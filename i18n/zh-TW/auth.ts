/** zh-TW words: auth. */
const auth = {
  auth: {
    fields: {
      email: '電子信箱',
      password: '密碼',
      passwordConfirm: '確認密碼',
      newPassword: '新密碼',
      nickname: '暱稱',
      code: '驗證碼',
      remember: '記住我（30 天）',
    },
    /** Shown under every new password field before anything is typed (SPEC §5 password rule). */
    passwordRule: '密碼至少 %{min} 個字元，需包含數字與小寫英文字母',
    showPassword: '顯示密碼',
    closeMessage: '關閉訊息',
    hidePassword: '隱藏密碼',
    login: {
      title: '登入',
      submit: '登入',
      forgot: '忘記密碼？',
      noAccount: '還沒有帳號？',
      register: '立即註冊',
    },
    register: {
      title: '註冊',
      emailStep: '輸入電子信箱，我們會寄出 6 位數驗證碼。',
      sendCode: '寄送驗證碼',
      codeStep: '驗證碼已寄到 %{email}，請在下方輸入。',
      verify: '驗證',
      resend: '重新寄送',
      resendIn: '%{s} 秒後可重新寄送',
      verified: '電子信箱已驗證',
      changeEmail: '更換電子信箱',
      submit: '註冊',
      haveAccount: '已經有帳號了？',
      login: '登入',
    },
    forgot: {
      title: '忘記密碼',
      intro: '輸入你的電子信箱，我們會寄出重設密碼的連結。',
      submit: '寄送重設連結',
      successTitle: '信件已寄出',
      successBody: '如果這個信箱有帳號，重設密碼的連結已經寄出，請到信箱收信。%{s} 秒後回到登入頁。',
      toLogin: '回到登入',
    },
    reset: {
      title: '重設密碼',
      submit: '設定新密碼',
      done: '密碼已更新，請用新密碼登入。',
      missingToken: '重設連結不完整，請重新申請。',
    },
    logout: {
      title: '登出中…',
    },
  },
  mail: {
    verify: {
      subject: '你的驗證碼：%{code}',
      body: '你好：\n\n你的電子信箱驗證碼是 %{code}，%{minutes} 分鐘內有效。\n如果不是你本人操作，請忽略這封信。',
    },
    reset: {
      subject: '重設你的密碼',
      body: '你好：\n\n請在 %{minutes} 分鐘內打開下面的連結重設密碼：\n%{link}\n\n如果不是你本人操作，請忽略這封信。',
    },
  },
};

export default auth;
