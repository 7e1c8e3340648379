import type { DeepStrings } from '../types';
import type labelsSource from '../zh-TW/labels';

/** The fields of a label, the same for tags and categories. */
const labelFields = {
  id: 'ID',
  name: '名前',
  slug: 'スラッグ',
  active: '表示言語',
  count: '使用数',
  preview: 'プレビュー URL',
  cover: 'カバー',
  lang: '言語別の内容',
  title: '名前',
  created_at: '作成日時',
  updated_at: '更新日時',
  q: 'キーワード',
};

const labels: DeepStrings<typeof labelsSource> = {
  resources: {
    label: {
      name: 'タグとカテゴリー |||| タグとカテゴリー',
    },
    tag: {
      name: 'タグ |||| タグ',
      fields: labelFields,
      filters: {
        title: '絞り込み',
        name: 'タグ名で検索',
        slug: 'スラッグで検索',
      },
      empty: 'タグはまだありません',
      emptyHint: 'タグを使うと、カテゴリーをまたいで関連する記事をつなげられます。',
      create: 'タグを追加',
      edit: 'タグを編集',
      saved: 'タグを保存しました',
      deleted: 'タグを削除しました',
      deleteTitle: 'タグ「%{name}」を削除しますか？',
      deleteBody: '削除すると元に戻せません。',
      deleteUsed: 'このタグは %{count} 件のコンテンツで使われています。削除するとそれらから外れます。',
    },
    category: {
      name: 'カテゴリー |||| カテゴリー',
      fields: labelFields,
      filters: {
        title: '絞り込み',
        name: 'カテゴリー名で検索',
        slug: 'スラッグで検索',
      },
      empty: 'カテゴリーはまだありません',
      emptyHint: 'カテゴリーがあると、読者は同じテーマの記事を見つけやすくなります。',
      create: 'カテゴリーを追加',
      edit: 'カテゴリーを編集',
      saved: 'カテゴリーを保存しました',
      deleted: 'カテゴリーを削除しました',
      deleteTitle: 'カテゴリー「%{name}」を削除しますか？',
      deleteBody: '削除すると元に戻せません。',
      deleteUsed:
        'このカテゴリーには %{count} 件のコンテンツがあります。削除するとそれらはカテゴリーなしになります。',
    },
  },
};

export default labels;
