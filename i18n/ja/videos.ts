import type { DeepStrings } from '../types';
import type zhTW from '../zh-TW/videos';

/** ja words: the video library (/file/video), the video upload modal, the writer's video states. */
const videos: DeepStrings<typeof zhTW> = {
  videos: {
    tabs: { images: '画像', videos: '動画' },
    upload: '動画をアップロード',
    search: '動画のタイトルを検索',
    empty: '動画はまだありません',
    emptyHint: 'アップロードした動画はここに表示され、記事の動画ブロックに挿入できます。',
    noMatch: '該当する動画はありません',
    uploading: '動画を読み込み中',
    missing: '動画が見つかりません',
    failed: 'アップロードに失敗しました',
    needsCover: '先に動画ライブラリでカバーを選んでください',
    duration: '長さ',
    size: 'ファイルサイズ',
    modal: {
      title: '動画をアップロード',
      choose: '動画ファイルを選択',
      hint: 'MP4・MOV・WebM・MKV。1 ファイルの上限はプランによって異なります。中断したアップロードは自動で再開されます。',
      preparing: '準備中…',
      progress: 'アップロード中… %{percent}%',
      done: 'アップロード完了',
      noCover: '動画からカバーを取得できませんでした。動画ライブラリでカバーを選んでください。',
      retry: '再試行',
      close: '閉じる',
      cancel: 'アップロードを中止',
      notVideo: 'アップロードできる動画は MP4・MOV・WebM・MKV のみです',
    },
    edit: {
      title: '動画を編集',
      name: 'タイトル',
      content: '説明',
      cover: 'カバー',
      replaceCover: 'カバーを変更',
      save: '保存',
      saved: '動画を保存しました',
      cancel: 'キャンセル',
    },
    delete: {
      action: '削除',
      title: '動画「%{name}」を削除しますか？',
      body: '動画はライブラリとストレージから削除され、使用している記事には「動画が見つかりません」と表示されます。元に戻せません。',
      confirm: '削除',
      done: '動画を削除しました',
    },
  },
};

export default videos;
