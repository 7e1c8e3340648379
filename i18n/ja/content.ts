import type { DeepStrings } from '../types';
import type contentSource from '../zh-TW/content';

const fields = {
  id: 'ID',
  title: 'タイトル',
  status: 'ステータス',
  author: '著者',
  category: 'カテゴリー',
  tag: 'タグ',
  publish_ts: '公開日時',
  updated_at: '更新日時',
  to_top: 'ピン留め',
  lang_id: '言語',
  keyword: 'キーワード',
};

const content: DeepStrings<typeof contentSource> = {
  resources: {
    press: {
      name: '記事 |||| 記事',
      fields,
      empty: '記事はまだありません',
      emptyHint: '最初の記事を書きましょう。公開すると読者がサイトで読めるようになります。',
      create: '記事を追加',
      edit: '記事を編集',
      saved: '記事を保存しました',
      deleted: '記事を削除しました',
      deleteTitle: '記事「%{name}」を削除しますか？',
      deleteBody: '削除すると元に戻せません。',
      filters: { keyword: 'タイトルで検索' },
    },
    page: {
      name: 'ページ |||| ページ',
      fields,
      empty: 'ページはまだありません',
      emptyHint: 'ページは「私たちについて」「お問い合わせ」など、あまり変わらない内容に向いています。',
      create: 'ページを追加',
      edit: 'ページを編集',
      saved: 'ページを保存しました',
      deleted: 'ページを削除しました',
      deleteTitle: 'ページ「%{name}」を削除しますか？',
      deleteBody: '削除すると元に戻せません。',
      filters: { keyword: 'タイトルで検索' },
    },
    epaper: {
      name: 'メールマガジン |||| メールマガジン',
      fields,
      empty: 'メールマガジンはまだありません',
      emptyHint: '最近のコンテンツをまとめたメールマガジンを書いてみましょう。',
      create: 'メールマガジンを追加',
      edit: 'メールマガジンを編集',
      saved: 'メールマガジンを保存しました',
      deleted: 'メールマガジンを削除しました',
      deleteTitle: 'メールマガジン「%{name}」を削除しますか？',
      deleteBody: '削除すると元に戻せません。',
      filters: { keyword: 'タイトルで検索' },
    },
  },
};

export default content;
