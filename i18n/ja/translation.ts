/** ja words: machine translation in the writer's add-language dialog (choice, reason, progress). */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/translation';

const translation: DeepStrings<typeof source> = {
  translation: {
    checking: '利用できる翻訳サービスを確認しています…',
    available:
      '「%{lang}」版を機械翻訳で作成できます（タイトル、サブタイトル、すべてのブロックのテキストと SEO）。画像、動画、有料区切りはそのまま残ります。空白から作成することもできます。',
    unavailable: 'このコンテンツを「%{lang}」に翻訳できるサービスがないため、空白からのみ作成できます。',
    progress: '翻訳中… %{done} / %{total}',
    starting: '翻訳中…',
  },
};

export default translation;
