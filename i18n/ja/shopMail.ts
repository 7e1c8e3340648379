/** Japanese words of the shop's mails (see zh-TW/shopMail.ts). */
const shopMail = {
  shopMail: {
    line: '%{goods}／%{sku} × %{qty}　%{amount}',
    buyer: {
      subject: '%{site} ご注文 %{order} のお支払いが完了しました',
      body: '%{name} 様\n\n「%{site}」でのご注文ありがとうございます。ご注文 %{order} のお支払いが完了しました。準備ができ次第発送いたします。\n\n%{lines}\n\n小計：%{subtotal}\n送料（%{logistic}）：%{shipping}\n合計：%{total}\n\nお届け先：%{address}\n\nご注文の状況はこちらでいつでも確認できます：\n%{link}',
    },
    staff: {
      subject: '新規注文 %{order}（%{total}）— %{site}',
      body: '「%{site}」で新しい注文のお支払いが完了しました。発送の手配をお願いします。\n\n注文番号：%{order}\n注文者：%{name} <%{email}> %{phone}\nお届け先：%{address}\n配送方法：%{logistic}\n備考：%{note}\n\n%{lines}\n\n合計：%{total}\n\n管理画面で確認：\n%{link}',
    },
  },
};

export default shopMail;
