/** ja words: page categories (the page_category entity, contract/entities/page_category.ts). */
const pageCategory = {
  resources: {
    page_category: {
      name: 'ページカテゴリ |||| ページカテゴリ',
      fields: {
        id: 'ID',
        name: '名前',
        lang: '言語ごとの名前',
        title: '名前',
        sort: '並び順',
        created_at: '作成日時',
        updated_at: '更新日時',
      },
      filters: {
        name: 'ページカテゴリを検索',
      },
      hints: {
        sort: '小さい数字が先に表示されます。',
      },
      empty: 'ページカテゴリはまだありません',
      emptyHint: 'ページカテゴリで固定ページをグループ分けし、ページ一覧で絞り込めます。',
      create: 'ページカテゴリを追加',
      edit: 'ページカテゴリを編集',
      saved: 'ページカテゴリを保存しました',
      deleted: 'ページカテゴリを削除しました',
      deleteTitle: 'ページカテゴリ「%{name}」を削除しますか？',
      deleteBody: 'このカテゴリのページは未分類になります。ページ自体は削除されません。元に戻せません。',
      notFound: 'このページカテゴリが見つかりません。削除された可能性があります。',
    },
  },
};

export default pageCategory;
