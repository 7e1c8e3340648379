/** ja words: the Facebook/Instagram connection screen and the share panel. */
import type { Messages } from '../zh-TW';

const share: Pick<Messages, 'share'> = {
  share: {
    platforms: { facebook: 'Facebook', instagram: 'Instagram' },
    social: {
      title: 'SNS 連携',
      subtitle:
        'Facebook ページと Instagram ビジネスアカウントを連携すると、エディターと記事一覧から記事を共有できます。',
      link: {
        title: 'SNS 連携',
        body: 'Facebook ページと Instagram ビジネスアカウントを連携して記事をシェアします。',
      },
      state: {
        none: '未連携',
        pending: '認証済み：ページを選択してください',
        connected: '連携中：%{name}',
        disconnected: '連携解除（%{name}）',
      },
      connect: '連携する',
      reconnect: '再連携',
      waiting: '開いたウィンドウで認証を完了してください…',
      choose: 'ページを選択',
      chooseAccount: 'アカウントを選択',
      noPages: 'この認証では利用できるページやアカウントがありません。',
      confirm: 'このページと連携',
      disconnect: '連携を解除',
      unconnect: '認証を取り消す',
      connected: '%{name} と連携しました',
      disconnected: '連携を解除しました',
      cancelled: '認証を取り消しました',
    },
    panel: {
      open: '共有',
      title: '記事を共有',
      platform: 'プラットフォーム',
      message: 'メッセージ',
      image: '画像の URL',
      imageHint: '既定は記事のカバー画像です。Instagram には画像が必要です。',
      notReady: '%{platform} は未連携です。先に「設定 › SNS 連携」で連携してください。',
      notPublished: '公開済みの記事のみ共有できます。',
      needsImage: 'Instagram への共有には画像が必要です。',
      submit: '共有する',
      posted: '%{platform} に共有しました',
      history: '共有履歴',
      none: 'まだ共有していません。',
      status: { pending: '処理中', posted: '共有済み', failed: '失敗' },
      retry: '再試行',
      close: '閉じる',
    },
  },
};
export default share;
