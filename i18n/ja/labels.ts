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
  labels: {
    title: 'タグとカテゴリー',
    tabs: { tag: 'タグ', category: 'カテゴリー' },
    languages: { '1': '繁体字中国語', '2': '簡体字中国語', '3': '英語', '4': '日本語', '5': '韓国語' },
    languagesShort: { '1': '繁体', '2': '簡体', '3': '英', '4': '日', '5': '韓' },
    langTabs: 'コンテンツの言語',
    required: '必須',
    filled: '入力済み',
    hasError: '修正が必要な項目があります',
    slugHint:
      '小文字の英字で始め、小文字の英字・数字・ハイフンが使えます。空欄のときは繁体字中国語の名前から作成します。',
    slugAuto: '繁体字中国語の名前から自動作成',
    previewPath: 'プレビュー URL：%{path}',
    activeHint: 'サイトのこれらの言語版に表示されます。',
    coverHint: 'この言語版のカバー画像です。',
    notFound: 'データが見つかりません。削除された可能性があります。',
  },
  imageUpload: {
    choose: '画像をアップロード',
    replace: '画像を変更',
    remove: '画像を削除',
    uploading: 'アップロード中… %{percent}%',
    hint: 'JPG・PNG・WebP・GIF、%{mb} MB 未満',
    notImage: 'アップロードできるのは JPG・PNG・WebP・GIF の画像だけです',
    broken: '画像を読み込めません',
    preview: '画像のプレビュー',
    empty: '画像はまだありません',
  },
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
