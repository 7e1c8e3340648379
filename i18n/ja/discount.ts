/** ja words: a discount code on the plan's payment. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/discount';

const discount: DeepStrings<typeof source> = {
  discount: {
    field: '割引コード（任意）',
    checking: '割引コードを確認しています…',
    applied: '%{code} を適用しました：%{off}、%{applies}',
    appliedCode: '割引コード %{code} を適用しました',
    percentOff: '%{percent}% 割引',
    amountOff: 'NT$%{amount} 割引',
    appliesFirst: '初回のお支払いのみ',
    appliesEvery: '毎回の更新にも適用',
    until: '（%{date} まで有効）',
    unknown: '割引コードを今は確認できません。お支払いの際にもう一度確認します。',
    price: '通常価格',
    off: '割引',
    total: 'お支払い金額',
    money: 'NT$%{amount}',
    minus: '−NT$%{amount}',
    changeCharge: '本日 NT$%{amount} を請求します（割引コードで NT$%{discount} 割引）。',
  },
};

export default discount;
