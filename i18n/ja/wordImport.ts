/** ja words: importing a Word document (.docx) as a draft article, from the article list. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/wordImport';

const wordImport: DeepStrings<typeof source> = {
  wordImport: {
    button: 'Word をインポート',
    title: 'Word から記事をインポート',
    hint: 'Word 文書（.docx、%{mb} MB まで、画像は %{images} 枚まで）を選んでください。見出し、段落、太字、斜体、リンク、リスト、画像が下書きになり、画像はメディアライブラリに追加されます。「有料ブロック」とだけ書いた段落は有料ブロックになります。',
    choose: 'ファイルを選択',
    uploading: 'アップロード中 %{percent}%',
    converting: '変換中…',
    skipped: '%{smart_count} 枚の画像は使用できない形式のため、省略しました。',
  },
};

export default wordImport;
