/** ja words: the site's own plan (/plan, /plan/current, /plan/{id}), the service status (/service), the payment alert. */
import type { DeepStrings } from '../types';
import type zh from '../zh-TW/plan';

const plan: DeepStrings<typeof zh> = {
  plan: {
    list: {
      title: 'プラン',
      subtitle: 'サイトに合ったプランを選んでください。プランの変更は月に 1 回までです。',
      noPlan: 'このサイトには有効なプランがありません。プランを選んで支払うと、すべての機能を使えます。',
      current: '現在のプランを見る',
    },
    current: {
      title: '現在のプラン',
      subtitle: 'サイトのプラン、更新日、支払い履歴、カード。',
      plan: 'プラン',
      status: '状態',
      period: '今期',
      periodRange: '%{start}〜%{end}',
      since: '契約開始',
      renewal: '更新',
      renewsOn: '%{date} に自動更新されます',
      endsOn: '%{date} に終了し、更新されません',
      changesTo: '%{date} に %{plan} へ変更されます',
      card: 'カード',
      cardOnFile: '•••• %{last4}（有効期限 %{expiry}）',
      noCard: '登録されたカードはありません',
      payments: '支払い履歴',
      noPayments: 'まだ支払いはありません',
      change: 'プランを変更',
      unsubscribe: '解約する',
      subscribeAgain: '再契約する',
      lapsed:
        '支払いが完了しなかったため、プランは失効しました。サイトのデータは残っています。プランを選んで支払うと機能が戻ります。',
      cancelled: 'プランは終了しました。サイトのデータは残っています。プランを選んで支払うと機能が戻ります。',
      pending: 'プランは支払いの完了を待っています。',
      choose: 'プランを選ぶ',
      none: 'このサイトはまだプランを契約していません。',
    },
    status: {
      pending: '支払い待ち',
      active: '利用中',
      past_due: '決済失敗',
      lapsed: '失効',
      cancelled: '終了',
    },
    payment: {
      date: '日付',
      kind: '内容',
      plan: 'プラン',
      amount: '金額',
      status: '状態',
      amountValue: 'NT$%{amount}',
      kinds: { init: '新規契約', renewal: '更新', change: 'プラン変更', card: 'カード変更' },
      statuses: {
        pending: '処理中',
        paid: '支払い済み',
        failed: '失敗',
        expired: '期限切れ',
        refunded: '返金済み',
      },
    },
    change: {
      title: '%{plan} に変更',
      subtitle: '確定する前に、変更で何が変わるかご確認ください。',
      back: 'プラン一覧に戻る',
      preview: '変更内容',
      now: '確定するとすぐに反映されます。',
      periodEnd: '今期の終わり（%{date}）に反映されます。それまでは現在のプランのままです。',
      charge: '本日、登録済みのカードに NT$%{amount} を請求します（今期の残り日数で日割りした差額）。',
      noCharge: '本日の請求はありません。新しい料金は次の期間から適用されます。',
      overTitle: '現在の利用量が新しいプランの上限を超えています',
      over: '%{what}：現在 %{used}、新しいプランの上限 %{limit}',
      overNote:
        '変更時にデータは削除されません。スタッフと招待はそのまま残りますが、上限を下回るまで新しく招待できません。アップロードしたファイルも残ります。新しいプランの件数と日数を超える版の履歴は、変更後は表示されず、その項目を次に保存したときに削除されます。',
      what: {
        members: '会員',
        staff: '管理スタッフ（未承諾の招待を含む）',
        revisions: '1 件あたりの版の履歴',
        upload: 'アップロード容量（MB）',
        newsletters: '今月送信したメールマガジン',
      },
      same: '現在のプランです。',
      pastDue: '前回の更新の決済に失敗しました。更新の支払いが完了するまでプランは変更できません。',
      takeBack: '現在のプランを選ぶと、待機中の変更は取り消されます。',
      takeBackConfirm: '待機中の変更を取り消す',
      confirm: '変更を確定',
      confirmTitle: 'プランを %{plan} に変更しますか？',
      confirmNow:
        '新しいプランはすぐに反映され、本日 NT$%{amount} を請求します。今月はもうプランを変更できません。',
      confirmLater: '新しいプランは %{date} に反映されます。今月はもうプランを変更できません。',
      confirmTakeBack: '待機中の変更を取り消し、%{plan} のまま利用します。',
      done: 'プランを更新しました。',
      notFound: 'このプランは存在しません。',
    },
    choose: {
      title: '%{plan} を契約',
      subtitle: 'カードと請求書の情報を入力して支払ってください。支払いが完了するとプランの機能を使えます。',
      pay: '支払って契約する',
      successBody: 'プランが有効になりました。サイトでプランのすべての機能を使えます。',
      successGo: '現在のプランを見る',
    },
    unsubscribe: {
      title: '解約しますか？',
      body: 'プランは %{date} まで利用でき、その後は更新も請求もされません。サイトのデータは残り、それまでは再契約できます。',
      confirm: '解約する',
      done: '解約しました。プランは %{date} に終了します。',
    },
    subscribe: {
      title: '再契約しますか？',
      body: 'プランは %{date} に自動更新され、登録済みのカードに請求されます。',
      confirm: '再契約する',
      done: '再契約しました。',
    },
    card: {
      change: 'カードを変更',
      title: 'カードを変更',
      verify:
        '新しいカードは NT$1 の決済（カード会社の 3D セキュア認証あり）で確認し、すぐに返金します。以後の更新は新しいカードに請求されます。',
      charge:
        '新しいカードで前回の更新分 NT$%{amount} を今すぐお支払いいただきます（カード会社の 3D セキュア認証あり）。お支払いが完了するとプランはすぐに元に戻り、以後の更新は新しいカードに請求されます。',
      chargeNoAmount:
        '新しいカードで前回の更新分を今すぐお支払いいただきます（カード会社の 3D セキュア認証あり）。お支払いが完了するとプランはすぐに元に戻り、以後の更新は新しいカードに請求されます。',
      save: '確認して変更',
      payNow: '変更して今すぐ支払う',
      cancel: 'キャンセル',
      replaced:
        'カードを変更しました。以後の更新は新しいカードに請求されます。確認用の NT$1 は返金しました。',
      recovered: 'お支払いが完了し、プランは元に戻りました。以後の更新は新しいカードに請求されます。',
      done: 'OK',
      pastDueTitle: '前回の更新の決済に失敗しました',
      pastDue:
        '前回の更新の決済に失敗し、NT$%{amount} が未払いです。カードを変更すると今すぐお支払いでき、プランが元に戻ります。',
      pastDueNoAmount:
        '前回の更新の決済に失敗しました。カードを変更すると今すぐお支払いでき、プランが元に戻ります。',
      retryOn: '変更しない場合は、%{date} に現在のカードで再試行します。',
    },
    ownerOnly: 'プランの確認と変更は、サイトのオーナーだけができます。',
    alert: {
      title: '更新の決済に失敗しました',
      body: 'サイトのプランの前回の更新決済に失敗しました。%{date} に再試行します。プランが失効しないよう、カードを変更して今すぐお支払いいただくか、現在のカードが利用できるかご確認ください。',
      bodyNoDate:
        'サイトのプランの前回の更新決済に失敗しました。プランが失効しないよう、カードを変更して今すぐお支払いいただくか、現在のカードが利用できるかご確認ください。',
      later: 'あとで',
      go: 'カードを変更',
    },
  },
  service: {
    title: 'サービス状況',
    subtitle: 'サイトのプラン、契約状況、公開状態、アドレス。',
    plan: 'プラン',
    status: '契約状況',
    period: '今期',
    published: '公開状態',
    publishedYes: '公開中',
    publishedNo: '未公開',
    manage: 'プランを管理',
    settings: 'サイト設定へ',
  },
};

export default plan;
