/** zh-TW words: a discount code on the plan's payment (the wizard, the plan checkout, a plan change). */
const discount = {
  discount: {
    field: '折扣碼（選填）',
    checking: '正在確認折扣碼…',
    applied: '已套用 %{code}：%{off}，%{applies}',
    appliedCode: '已套用折扣碼 %{code}',
    percentOff: '折抵 %{percent}%',
    amountOff: '折抵 NT$%{amount}',
    appliesFirst: '限首次付款',
    appliesEvery: '每次續約也適用',
    until: '（有效至 %{date}）',
    unknown: '目前無法確認折扣碼，付款時會再檢查。',
    price: '原價',
    off: '折扣',
    total: '應付金額',
    money: 'NT$%{amount}',
    minus: '−NT$%{amount}',
    changeCharge: '今天加收 NT$%{amount}（已用折扣碼折抵 NT$%{discount}）。',
  },
};

export default discount;
