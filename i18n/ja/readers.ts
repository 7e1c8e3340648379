/** Japanese words of the readers' side of the public site (see zh-TW/readers.ts). */

const readers = {
  readers: {
    mail: {
      subject: '%{code} は %{site} のログイン認証コードです',
      body: 'こんにちは。\n\n「%{site}」のログイン認証コードは %{code} です。%{minutes} 分間有効です。\n\n次のリンクからもログインできます：\n%{link}\n\nお心当たりのない場合は、このメールを破棄してください。',
    },
    page: {
      signin: 'ログイン',
      account: 'マイアカウント',
      contact: 'お問い合わせ',
    },
  },
};

export default readers;
