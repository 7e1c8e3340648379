/** ja words: the plan's renewal mails to the site owner. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/renewal';

const renewal: DeepStrings<typeof source> = {
  renewal: {
    mail: {
      failed: {
        subject: '「%{site}」のプラン更新の決済に失敗しました',
        body: 'こんにちは。\n\n「%{site}」の「%{plan}」プランは %{date} に期間が終了しましたが、更新の決済（NT$%{amount}、カード末尾 %{card}）ができませんでした。\n%{retry} にもう一度決済を試みます。%{until} まではサイトの機能をそのままご利用いただけます。\nカードが利用できるか（利用限度額、有効期限）をご確認いただくか、カードを変更して今すぐお支払いいただくと、プランはすぐに元に戻ります：\n%{link}',
      },
      lapsed: {
        subject: '「%{site}」のプランが停止しました',
        body: 'こんにちは。\n\n「%{site}」の「%{plan}」プランの更新決済が %{attempts} 回とも失敗したため、プランを停止しました。\nサイトのデータはすべて残っていますが、有料プランの機能は利用できなくなりました。プランを選び直して決済すると、再びご利用いただけます：\n%{link}',
      },
      noCard: '（保存されたカードがありません）',
    },
  },
};

export default renewal;
