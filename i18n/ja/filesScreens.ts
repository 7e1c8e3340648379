import type { DeepStrings } from '../types';
import type filesScreensSource from '../zh-TW/filesScreens';

/** ja words: the file library's own (see zh-TW/filesScreens.ts). */
const filesScreens: DeepStrings<typeof filesScreensSource> = {
  files: {
    usage: '%{used} MB / %{quota} MB を使用中',
    upload: '画像をアップロード',
    search: 'ファイル名で検索',
    empty: '画像はまだありません',
    emptyHint:
      'アップロードした画像はここに表示され、カバー、本文、著者の写真、サイト設定に使えます。画像をここにドロップすることもできます。',
    noMatch: '一致する画像はありません',
    queue: {
      title: 'アップロードの進行状況',
      uploading: 'アップロード中… %{percent}%',
      done: 'アップロード済み',
      failed: 'アップロードに失敗しました',
      dismiss: '閉じる',
    },
    preview: {
      title: '画像の情報',
      name: 'ファイル名',
      dimensions: 'サイズ（ピクセル）',
      size: 'ファイルサイズ',
      type: '形式',
      created: 'アップロード日時',
      address: 'URL',
      copy: 'URL をコピー',
      copied: 'URL をコピーしました',
      copyFailed: 'コピーできませんでした。URL を手動で選択してください。',
      open: '新しいタブで開く',
      notFound: 'この画像が見つかりません。削除された可能性があります。',
    },
    delete: {
      title: '画像「%{name}」を削除しますか？',
      body: '画像はメディアライブラリとストレージから削除され、使用している記事、カバー、設定では表示されなくなります。この操作は元に戻せません。',
      done: '画像を削除しました',
    },
    picker: {
      open: 'ライブラリから選択',
      title: '画像を選択',
      hint: '新しい画像をアップロードするか、ライブラリから選んでください。ダブルクリックですぐに使えます。',
      hintChooseOnly: 'ライブラリから画像を選んでください。ダブルクリックですぐに使えます。',
      use: 'この画像を使う',
    },
    favicon: {
      choose: 'アイコンをアップロード',
      replace: 'アイコンを変更',
      hint: 'PNG または ICO、ほぼ正方形で 16×16 ピクセル以上、%{mb} MB 以下',
      notIcon: 'アップロードできるのは PNG または ICO のアイコンのみです',
    },
  },
};

export default filesScreens;
