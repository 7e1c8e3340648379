/** ja words: why an uploaded theme zip was refused. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/themeUpload';

const themeUpload: DeepStrings<typeof source> = {
  themeUpload: {
    problem: '%{file}：%{reason}',
    more: '……ほかに %{n} 件の問題があります',
    accepted: 'テーマ「%{name}」%{version} をアップロードしました。',
    reasons: {
      notZip: '有効な ZIP ファイルではありません',
      corrupt: 'ZIP ファイルが壊れているか、読み取れません',
      pathTooLong: 'パスが %{n} 文字を超えています',
      badChars: 'パスに制御文字またはバックスラッシュが含まれています',
      badPath: 'パスの形式が正しくありません',
      absolute: '絶対パスは使用できません',
      escapes: 'パスがテーマフォルダーの外を指しています（..）',
      symlink: 'シンボリックリンクは含められません',
      duplicate: 'ファイルが重複しています',
      tooManyFiles: 'ファイル数が %{n} 個を超えています',
      fileType: '許可されていないファイル形式です',
      serverCode: 'サーバー側のプログラムは含められません',
      scriptOutsideAssets: 'JavaScript ファイルは assets/ フォルダーに置いてください',
      fileTooBig: '展開後のサイズが %{n} MB を超えています',
      totalTooBig: '展開後の合計サイズが %{n} MB を超えています',
      sizeMismatch: '実際のサイズが ZIP ファイルの記録と一致しません',
      missingManifest: 'theme.json がありません',
      manifest: 'theme.json の内容が正しくありません（%{detail}）',
      coverMissing: 'カバー画像 %{path} が見つかりません',
      missingTemplate: '必須テンプレートがありません',
      liquid: '%{line} 行目に構文エラー：%{detail}',
      json: 'JSON の形式が正しくありません',
      utf8: '有効な UTF-8 テキストではありません',
      builtinName:
        '「%{name}」は組み込みテーマのため上書きできません。theme.json の name を別の名前に変えてからアップロードしてください',
    },
  },
};

export default themeUpload;
