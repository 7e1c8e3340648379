/** ja words: the receipt mailed to the site owner for each plan charge, and the e-invoice's item. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/receipt';

const receipt: DeepStrings<typeof source> = {
  receipt: {
    mail: {
      subject: '「%{site}」のお支払い領収書：NT$%{amount}',
      body: 'こんにちは。\n\n「%{site}」のお支払いを受け付けました。明細は次のとおりです。\n\n内容：%{kind}\nプラン：%{plan}\n金額：NT$%{amount}\nお支払い日：%{paid}\nプラン期間：%{start} ～ %{end}\nカード下4桁：%{card}\n電子発票番号：%{invoice}\n注文番号：%{order}\n\nプランとお支払いの履歴：%{link}',
      noInvoice: '（未発行です。発行後にお知らせします）',
    },
    item: {
      init: '%{plan}プラン',
      renewal: '%{plan}プラン更新',
      change: '%{plan}プラン変更',
    },
    voidReason: '返金',
  },
};

export default receipt;
