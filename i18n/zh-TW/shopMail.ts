/**
 * The shop's mails (issue 15): the buyer's confirmation when an order is paid, in the order's language, and the
 * new-order notice to the site's e-commerce staff. `lines` is the items, one a line, made with `line`.
 */
const shopMail = {
  shopMail: {
    line: '%{goods}／%{sku} × %{qty}　%{amount}',
    buyer: {
      subject: '%{site} 訂單 %{order} 付款完成',
      body: '%{name} 您好：\n\n感謝您在「%{site}」訂購，您的訂單 %{order} 已付款完成，我們會盡快為您出貨。\n\n%{lines}\n\n小計：%{subtotal}\n運費（%{logistic}）：%{shipping}\n總計：%{total}\n\n收件地址：%{address}\n\n訂單狀態可隨時在此查看：\n%{link}',
    },
    staff: {
      subject: '新訂單 %{order}（%{total}）— %{site}',
      body: '「%{site}」有一筆新訂單已付款，請安排出貨。\n\n訂單編號：%{order}\n訂購人：%{name} <%{email}> %{phone}\n收件地址：%{address}\n配送方式：%{logistic}\n備註：%{note}\n\n%{lines}\n\n總計：%{total}\n\n在後台查看：\n%{link}',
    },
  },
};

export default shopMail;
