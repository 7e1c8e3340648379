import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/author';

const author: DeepStrings<typeof source> = {
  resources: {
    author: {
      name: '著者 |||| 著者',
      fields: {
        id: 'ID',
        name: '名前',
        title: '肩書き',
        avatar: 'アバター',
        member_id: 'アカウント',
        created_at: '作成日時',
        updated_at: '更新日時',
      },
      filters: {
        name: '著者名で検索',
      },
      hints: {
        avatar: '正方形の画像がおすすめです。',
      },
      empty: '著者はまだいません',
      emptyHint: '著者は記事の署名に表示されます。',
      create: '著者を追加',
      edit: '著者を編集',
      saved: '著者を保存しました',
      deleted: '著者を削除しました',
      deleteTitle: '著者「%{name}」を削除しますか？',
      deleteBody: 'この著者が署名しているコンテンツから署名が外れます。削除すると元に戻せません。',
      notFound: 'この著者が見つかりません。削除された可能性があります。',
      linked: 'アカウント連携',
      yours: 'あなたのアカウント',
      noTitle: '肩書きなし',
      linkedTip:
        '会員アカウントに連携した著者は、本人がプロフィールで変更するものです。ここでは編集も削除もできません。',
      works: {
        action: '作品',
        title: '「%{name}」の作品',
        total: '公開済み・予約済みの作品 %{smart_count} 件',
        empty: 'この著者の公開済み・予約済みの作品はまだありません。',
      },
      issue: {
        title: 'この著者はここでは変更できません',
        body: '「%{name}」は会員アカウントに連携しています。名前・肩書き・アバターは本人がプロフィールで変更するもので、ここでは削除もできません。',
        own: 'あなた自身の著者情報です。プロフィールで変更してください。',
        close: 'わかりました',
      },
    },
  },
};

export default author;
