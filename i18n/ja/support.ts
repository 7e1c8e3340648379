/** ja words: platform support access (the operators' /support screen and banner, the owner's support panel). */
import type { Messages } from '../zh-TW';

const support: Pick<Messages, 'support'> = {
  support: {
    menu: 'プラットフォームサポート',
    screen: {
      title: 'プラットフォームサポート',
      subtitle:
        'サイト ID またはサブドメインと理由を入力して 10 分間有効な一回限りのトークンを取得し、サイトに入ります。入室の記録はサイトのオーナーに表示されます。',
      site: 'サイト ID またはサブドメイン',
      reason: '理由',
      ask: 'トークンを取得',
      token: '%{site} のトークンを発行しました。%{time} までに入ってください。',
      join: 'サイトに入る',
    },
    banner: {
      text: 'プラットフォームサポートモード：%{site}（%{time} まで）',
      end: '終了',
    },
    panel: {
      title: 'プラットフォームサポート',
      hint: 'オンの場合、プラットフォームのサポート担当者は一回限りのトークンを取得したうえで管理者の権限でこのサイトに入れます。すべての入室は下に記録されます。',
      switch: 'プラットフォームサポートのアクセスを許可',
      saved: 'プラットフォームサポートの設定を保存しました',
      empty: 'プラットフォームサポートの記録はまだありません',
      who: '担当者',
      reason: '理由',
      created: '申請日時',
      joined: '入室日時',
      expires: '期限',
      notJoined: '未入室',
    },
  },
};

export default support;
