import type { DeepStrings } from '../types';
import type authSource from '../zh-TW/auth';

const auth: DeepStrings<typeof authSource> = {
  auth: {
    fields: {
      email: 'メールアドレス',
      password: 'パスワード',
      passwordConfirm: 'パスワード（確認）',
      newPassword: '新しいパスワード',
      nickname: 'ニックネーム',
      code: '認証コード',
      remember: 'ログイン状態を保持する（30日）',
    },
    /** Shown under every new password field before anything is typed (SPEC §5 password rule). */
    passwordRule: '%{min} 文字以上で、数字と英小文字を含めてください',
    showPassword: 'パスワードを表示',
    closeMessage: 'メッセージを閉じる',
    hidePassword: 'パスワードを隠す',
    login: {
      title: 'ログイン',
      submit: 'ログイン',
      forgot: 'パスワードをお忘れですか？',
      noAccount: 'アカウントをお持ちでない方',
      register: '新規登録',
    },
    register: {
      title: '新規登録',
      emailStep: 'メールアドレスを入力すると、6桁の認証コードをお送りします。',
      sendCode: '認証コードを送信',
      codeStep: '%{email} に認証コードを送信しました。下に入力してください。',
      verify: '認証する',
      resend: '再送信',
      resendIn: '%{s} 秒後に再送信できます',
      verified: 'メールアドレスを認証しました',
      changeEmail: '別のアドレスを使う',
      submit: '登録する',
      haveAccount: 'アカウントをお持ちの方',
      login: 'ログイン',
    },
    forgot: {
      title: 'パスワードを忘れた場合',
      intro: 'メールアドレスを入力すると、パスワード再設定用のリンクをお送りします。',
      submit: '再設定リンクを送信',
      successTitle: 'メールを送信しました',
      successBody:
        'このアドレスのアカウントがあれば、再設定リンクを送信しました。メールをご確認ください。%{s} 秒後にログイン画面へ戻ります。',
      toLogin: 'ログインへ戻る',
    },
    reset: {
      title: 'パスワードの再設定',
      submit: '新しいパスワードを設定',
      done: 'パスワードを変更しました。新しいパスワードでログインしてください。',
      missingToken: '再設定リンクが不完全です。もう一度お申し込みください。',
    },
    logout: {
      title: 'ログアウトしています…',
    },
  },
  mail: {
    verify: {
      subject: '認証コード：%{code}',
      body: 'こんにちは。\n\nメールアドレスの認証コードは %{code} です。%{minutes} 分間有効です。\nお心当たりのない場合は、このメールを破棄してください。',
    },
    reset: {
      subject: 'パスワードの再設定',
      body: 'こんにちは。\n\n%{minutes} 分以内に次のリンクを開いてパスワードを再設定してください：\n%{link}\n\nお心当たりのない場合は、このメールを破棄してください。',
    },
  },
};

export default auth;
