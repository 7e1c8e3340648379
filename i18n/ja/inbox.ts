/** ja words: followers (/follower) and customer messages (/customer, /customer/{id}), and the reply mail. */
import type { DeepStrings } from '../types';
import type inboxSource from '../zh-TW/inbox';

const inbox: DeepStrings<typeof inboxSource> = {
  inbox: {
    followers: {
      export: 'CSV をエクスポート',
      exported: 'フォロワー一覧をダウンロードしました',
      removed: '%{smart_count} 人のフォロワーを削除しました |||| %{smart_count} 人のフォロワーを削除しました',
      noMember: '会員ではありません',
      filters: {
        keyword: 'メールアドレスで検索',
        source: '経路',
        from: '開始日',
        to: '終了日',
      },
      csv: {
        email: 'メールアドレス',
        source: '経路',
        date: 'フォロー日',
        member: '会員',
      },
    },
    customers: {
      statusNew: '新着',
      statusRead: '既読',
      badge: '新着メッセージ %{smart_count} 件 |||| 新着メッセージ %{smart_count} 件',
      filters: {
        keyword: '件名・送信者・メールアドレスで検索',
        status: 'ステータス',
        all: 'すべて',
        from: '開始日',
        to: '終了日',
      },
      show: {
        title: 'お問い合わせ',
        back: 'お問い合わせ一覧に戻る',
        from: '送信者',
        received: '受信日時',
        readBy: '%{name} が %{date} に既読',
        member: '会員：%{name}',
        thread: '返信履歴',
        noReplies: 'まだ返信していません。',
        repliedBy: '%{name} が %{date} に返信',
        reply: '返信',
        replyLabel: '返信内容（%{email} にメールで送信されます）',
        chars: '%{count} / %{max} 文字',
        send: '返信を送信',
        sent: '返信を送信しました',
        failed: '返信を送信できませんでした。入力内容は残っていますので、もう一度お試しください。',
        draftKept: '未送信の返信を復元しました。',
        markUnread: '未読にする',
        markedUnread: '未読にしました',
        notFound: 'このメッセージは見つかりません。削除された可能性があります。',
        readOnly: 'お問い合わせの閲覧のみ可能で、返信の権限はありません。',
      },
      mail: {
        subject: '[%{site}] Re: %{title}',
        body: '%{reply}\n\n——\n%{date}、%{name} さんのメッセージ：\n%{original}\n\n%{site}',
      },
    },
  },
  resources: {
    follower: {
      name: 'フォロワー |||| フォロワー',
      fields: {
        id: 'ID',
        email: 'メールアドレス',
        source: '経路',
        created_at: 'フォロー日',
        member: '会員',
      },
    },
    customer: {
      name: 'お問い合わせ |||| お問い合わせ',
      fields: {
        id: 'ID',
        title: '件名',
        name: '送信者',
        email: 'メールアドレス',
        status: 'ステータス',
        created_at: '受信日時',
        replies: '返信数',
      },
    },
  },
};

export default inbox;
