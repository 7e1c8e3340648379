/** ja words: the plan cards, the card and invoice form, the payment modals (billing) and the new-site wizard. */
import type { DeepStrings } from '../types';
import type zh from '../zh-TW/wizard';

const wizard: DeepStrings<typeof zh> = {
  billing: {
    plan: {
      choose: 'プランを選択',
      current: '現在のプラン',
      price: 'NT$%{price} / 月',
      members: '会員数上限 %{n} 人',
      staff: '管理スタッフ %{n} 名',
      history: '履歴 %{count} 件を %{days} 日間保存',
      upload: 'アップロード容量 %{n} MB',
      newsletters: 'メールマガジン 月 %{n} 通',
    },
    features: {
      full: 'すべての機能',
      team: 'チームメンバーと権限',
      theme: 'テーマ',
      design: 'サイトデザイン',
      membership: '会員と有料コンテンツ',
      shop: 'EC',
      newsletter: 'メールマガジン',
    },
    card: {
      title: 'クレジットカード',
      number: 'カード番号',
      expiry: '有効期限（MM/YY）',
      ccv: 'セキュリティコード',
      invalidNumber: 'カード番号が正しくありません',
      invalidExpiry: '有効期限が正しくありません',
      invalidCcv: 'セキュリティコードが正しくありません',
      gatewayError: '決済サービスに接続できません。しばらくしてからもう一度お試しください。',
      primeRefused:
        '決済サービスがこのカードを受け付けませんでした（%{msg}）。カード情報を確認するか、別のカードをお使いください。',
      sdkError: '決済サービスのカード入力欄を読み込めませんでした。接続を確認してから再試行してください。',
      sdkRetry: '再試行',
      tappayHint:
        'カード番号は決済サービス TapPay の入力欄で直接処理され、当サイトのサーバーを経由しません。',
      tappaySandboxHint:
        'TapPay テスト環境：カード番号 4242 4242 4242 4242 で決済が成功します。有効期限は未来の任意の月、セキュリティコードは任意の 3 桁です。カード番号は TapPay にのみ送られ、当サイトのサーバーには送られません。',
      sandboxHint:
        'テスト環境：カード番号 4242 4242 4242 4242 で決済が成功します。有効期限は未来の任意の月、セキュリティコードは任意の 3 桁です。カード番号は決済サービスにのみ送られ、当サイトのサーバーには送られません。',
    },
    payer: {
      title: 'カード名義人',
      name: 'カード名義人',
      email: 'メールアドレス',
      phone: '携帯電話番号（任意）',
      address: '住所（任意、請求書用）',
    },
    invoice: {
      title: '電子発票',
      mode: '発票の種類',
      modeOptions: { donation: '寄付', member: '会員キャリア', company: '法人（統一編号）' },
      donationCode: '寄付コード',
      donationHint: '既定の寄付コード 0958',
      carrier: 'キャリアの種類',
      carrierOptions: { barcode: 'モバイルバーコード', natural: '自然人証明書' },
      barcode: 'モバイルバーコード',
      barcodeHint: '/ と英数字 7 文字（例：/ABC1234）',
      natural: '自然人証明書番号',
      naturalHint: '大文字の英字 2 文字と数字 14 桁',
      tax: '統一編号',
      companyName: '会社名',
    },
    processing: {
      title: '決済処理中',
      body: '決済ウィンドウでカードの認証を完了してください。完了するまでこのページを閉じないでください。',
      window: '銀行に接続しています…',
    },
    success: { title: '決済が完了しました' },
    failed: {
      title: '決済に失敗しました',
      body: '決済が完了しませんでした。カード情報を確認して、もう一度お試しください。',
      blocked:
        'ブラウザが決済ウィンドウをブロックしました。このサイトのポップアップを許可して、もう一度お試しください。',
      declined:
        'カード会社がこのお支払いを承認しませんでした。請求はされていません。別のカードを使うか、カード会社にお問い合わせください。',
      declinedBecause:
        'カード会社がこのお支払いを承認しませんでした（%{reason}）。請求はされていません。別のカードを使うか、カード会社にお問い合わせください。',
      threeDs:
        '3-D セキュア認証が完了しませんでした。請求はされていません。もう一度お試しいただくか、別のカードをお使いください。',
      unreached:
        'お支払いが銀行に届きませんでした。請求はされていません。しばらくしてからもう一度お試しください。',
      expired: 'このお支払いは新しいお支払いに置き換えられたか、期限切れになりました。請求はされていません。',
      closed:
        '決済ウィンドウが閉じられ、お支払いはまだ完了していません。決済ウィンドウを再度開いて認証を完了するか、もう一度お支払いください。',
      network:
        '接続が切れたため、お支払いの結果を確認できません。接続を確認してからもう一度確認してください。同じお支払いが二重に請求されることはありません。',
      processing:
        'カード会社がまだこのお支払いを処理しています。しばらくしてからもう一度確認してください。完了するとサイトが有効になり、領収書をメールでお送りします。',
      recheck: 'もう一度確認',
      reopen: '決済ウィンドウを再度開く',
      retry: 'もう一度支払う',
      close: '閉じる',
    },
    return: {
      closing: '決済が完了しました。戻っています…',
      alone: '決済結果を送信しました。元のページに戻って結果をご確認ください。',
      home: '管理画面に戻る',
    },
  },
  wizard: {
    title: '新しいサイトを作成',
    leave: '終了',
    logout: 'ログアウト',
    skip: '今はスキップして、後でプランを選ぶ',
    restored: '前回入力途中の内容を復元しました。',
    steps: { slug: 'サイトのアドレス', plan: 'プランを選択', payment: 'お支払い' },
    slug: {
      intro: 'サイトのアドレスと名前を決めてください。アドレスは後からサイト設定で変更できます。',
      field: 'サイトのアドレス',
      rule: '小文字の英字で始まり、小文字の英字・数字・ハイフンが使えます',
      preview: 'サイトのアドレス：%{url}',
      checking: '確認中',
      available: 'このアドレスは使用できます',
      siteName: 'サイト名',
      locked:
        'サイトは作成済みで、お支払いだけが残っています。アドレスと名前は後からサイト設定で変更できます。',
    },
    plan: {
      intro: 'ご利用に合ったプランを選んでください。後からいつでも変更できます。',
      required: 'プランを選択してください',
    },
    payment: {
      summary: '%{site}：%{plan} プラン',
      pay: 'NT$%{price} を支払う',
      retrying:
        'サイト「%{name}」は作成済みですが、前回のお支払いが完了していません。もう一度お支払いいただくと利用を開始できます。',
    },
    next: '次へ',
    back: '戻る',
    success: {
      body: 'サイトの準備ができました。さっそく始めましょう！',
      go: 'サイトの管理画面へ',
    },
  },
};

export default wizard;
