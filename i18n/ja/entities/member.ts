/**
 * ja words: the member entity (contract/entities/member.ts): its list, filters, delete and CSV export; the
 * notices, the delete confirmation and the CSV's header as ../members.ts says them (a unit test keeps them equal).
 */
import type { DeepStrings } from '../../types';
import type zh from '../../zh-TW/entities/member';

const words: DeepStrings<typeof zh> = {
  resources: {
    member: {
      name: '会員 |||| 会員',
      fields: {
        id: 'ID',
        name: '名前',
        email: 'メールアドレス',
        intro: '紹介',
        tags: 'タグ',
        note: 'メモ',
        plan: 'プラン',
        status: 'ステータス',
        created_at: '登録日',
        epaper_opt_in: 'メールマガジン',
        source: '登録経路',
        meta: 'その他の情報',
      },
      filters: {
        keyword: '名前またはメールアドレスで検索',
        tag: 'タグ',
        plan: 'プラン',
        status: 'ステータス',
        epaper_opt_in: 'メールマガジン',
      },
      empty: 'まだ会員はいません',
      emptyHint: '読者がサイトに登録・フォローするか、会員を追加・インポートすると、ここに表示されます。',
      notFound: 'この会員は見つかりません。削除された可能性があります。',
      create: '会員を追加',
      edit: '会員情報',
      saved: '会員を追加しました',
      deleted: '会員を削除しました',
      deleteTitle: '「%{name}」を削除しますか？',
      deleteBody: '会員のログイン、購読、支払い履歴もすべて削除されます。元に戻せません。',
      export: {
        label: 'CSV をエクスポート',
        done: '会員リストをダウンロードしました',
        header: {
          name: '名前',
          email: 'メールアドレス',
          intro: '紹介',
          tags: 'タグ',
          note: 'メモ',
          status: 'ステータス',
          plan: 'プラン',
          epaper: 'メールマガジン',
          source: '登録経路',
          created: '登録日',
        },
      },
    },
  },
};

export default words;
