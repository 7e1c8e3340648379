import type { DeepStrings } from '../types';
import type labelsScreensSource from '../zh-TW/labelsScreens';

/** ja words: the label screens' own (and the image upload field's) (see zh-TW/labelsScreens.ts). */
const labelsScreens: DeepStrings<typeof labelsScreensSource> = {
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
};

export default labelsScreens;
