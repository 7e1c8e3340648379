/** ja words: themes (/setting/theme) and design (/design). */
import type { DeepStrings } from '../types';
import type themesSource from '../zh-TW/themes';

const themes: DeepStrings<typeof themesSource> = {
  themes: {
    menu: 'テーマ',
    title: 'テーマ',
    subtitle:
      'サイトの見た目を選びます。テーマをアップロードして適用したり、以前のバージョンに戻したりできます。',
    applied: '使用中',
    builtin: '標準',
    noCover: 'カバーなし',
    version: 'バージョン',
    versionLine: 'バージョン %{version}',
    ownerLine: 'アップロード者：%{name}',
    lastChangeLine: '最終更新：%{date}',
    empty: 'アップロードしたテーマはまだありません。',
    upload: {
      button: 'テーマをアップロード',
      hint: '.zip ファイル、最大 20 MB',
      sending: 'アップロード中…',
      notZip: '.zip ファイルを選んでください',
      done: '「%{name}」%{version} をアップロードしました',
    },
    detail: {
      title: 'テーマの詳細',
      description: '説明',
      history: 'バージョン履歴',
      renderError: '%{date} に %{path} の表示でエラーが発生し、訪問者にはエラーページが表示されました：',
      renderLimit: {
        time: 'ページの作成が時間の上限（%{seconds} 秒）を超えました。テーマのループを確認してください。',
        output:
          'ページがサイズの上限（%{mb} MB）を超えました。テーマが大量の内容を繰り返し出力していないか確認してください。',
        memory: 'ページの作成がメモリの上限を超えました。テーマのループと capture を確認してください。',
      },
      kept: '最新の %{n} 件のバージョンのみ保存されます（使用中のバージョンは常に保存）。保存されたバージョンはプランのアップロード容量に含まれます。',
      seq: '番号',
      date: 'アップロード日時',
      who: 'アップロード者',
      size: 'サイズ',
      enabled: '使用中のバージョン',
      chosen: '適用時に使うバージョン',
      enable: '有効にする',
      enableLabel: 'バージョン %{version} を有効にする',
      download: 'ダウンロード',
      downloadLabel: 'バージョン %{version} をダウンロード',
      enabledDone: 'バージョン %{version} を有効にしました',
      chosenDone: 'このテーマを適用するとバージョン %{version} が使われます',
      preview: 'プレビュー',
      apply: '適用',
      delete: '削除',
      close: '閉じる',
    },
    apply: {
      title: '「%{name}」を適用しますか？',
      body: 'サイトの見た目がすぐにこのテーマに変わります。',
      done: '「%{name}」を適用しました',
    },
    delete: {
      title: '「%{name}」を削除しますか？',
      body: 'このテーマとすべてのバージョンが削除されます。元に戻せません。',
      done: 'テーマを削除しました',
    },
  },
  design: {
    menu: 'デザイン',
    title: 'デザイン',
    subtitle: '現在のテーマ「%{name}」%{version} の設定を調整し、リアルタイムでプレビューできます。',
    preview: 'リアルタイムプレビュー',
    previewTitle: 'サイトのプレビュー',
    previewLoading: 'プレビューを更新中…',
    save: '保存',
    saved: '保存しました',
    reset: '初期値に戻す',
    resetHint: 'テーマの初期値に戻しました。保存すると反映されます。',
    hex: '%{label}（カラーコード）',
    range: '%{min}〜%{max}',
    outOfRange: '%{min}〜%{max} の数値を入力してください',
    badColor: '#1a2b3c のようなカラーコードを入力してください',
    none: 'このテーマには調整できる設定がありません。',
  },
  siteLinks: {
    view: 'サイトで見る',
    preview: 'プレビュー',
  },
};

export default themes;
