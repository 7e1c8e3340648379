/** ja words: the staff entity (contract/entities/admin.ts): its list, filters, removal and CSV export. */
import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/admin';

const words: DeepStrings<typeof source> = {
  resources: {
    admin: {
      name: 'スタッフ管理 |||| スタッフ管理',
      fields: {
        id: 'ID',
        nickname: 'ニックネーム',
        email: 'メールアドレス',
        avatar: 'アバター',
        role: '役割',
        roles: '役割',
        joined_at: '参加日時',
        is_self: '本人',
        is_owner: 'オーナー',
      },
      filters: {
        keyword: 'ニックネームまたはメールで検索',
        nickname: 'ニックネーム',
        email: 'メールアドレス',
      },
      empty: 'ほかのスタッフはまだいません',
      emptyHint: '招待した人が参加すると、ここに表示されます。',
      notFound: 'このスタッフが見つかりません。すでに外された可能性があります。',
      create: 'スタッフを招待',
      edit: 'スタッフ情報',
      saved: '役割を更新しました',
      deleted: 'スタッフを外しました',
      deleteTitle: '「%{name}」を外しますか？',
      deleteBody: 'このサイトを管理できなくなります。アカウント自体は残ります。',
      export: {
        label: 'CSV をエクスポート',
        done: 'スタッフ一覧をダウンロードしました',
        header: {
          nickname: 'ニックネーム',
          email: 'メールアドレス',
          role: '役割',
          status: '状態',
          date: '日付',
        },
      },
    },
  },
};

export default words;
