/**
 * zh-TW words: orders' statuses, their record page (/orders/{id}) with its moves, the packing slip and the buyer's
 * shipping mail. The list's, its filters' and the CSV export's words are the orders entity's (entities/orders.ts).
 */
const orders = {
  orders: {
    status: { '0': '待付款', '1': '已付款', '2': '已出貨', '3': '已完成', '-1': '已失效' },
    actor: { buyer: '買家', staff: '工作人員', gateway: '金流', system: '系統' },
    payment: { pending: '處理中', paid: '已付款', failed: '失敗', expired: '已逾時', refunded: '已退款' },
    show: {
      title: '訂單 %{number}',
      back: '返回訂單列表',
      buyer: '買家',
      address: '收件地址',
      note: '備註',
      items: '商品明細',
      goods: '商品',
      code: 'SKU 編號',
      price: '單價',
      qty: '數量',
      amount: '小計',
      subtotal: '商品小計',
      shipping: '運費（%{name}）',
      free: '免運',
      total: '總計',
      logistics: '配送方式',
      tracking: '物流單號',
      timeline: '訂單紀錄',
      created: '建立訂單',
      moved: '%{from} → %{to}',
      by: '由 %{who}',
      payments: '付款紀錄',
      noPayments: '尚無付款紀錄。',
      tradeId: '交易編號',
      expires: '付款期限 %{date}',
      slip: '列印出貨單',
    },
    actions: {
      ship: '出貨',
      complete: '完成',
      invalidate: '作廢',
      cancel: '取消',
      shipTitle: '出貨訂單 %{number}',
      codeLabel: '物流單號',
      codeHint: '出貨通知信會附上這個單號',
      shipConfirm: '確認出貨',
      completeTitle: '將訂單 %{number} 標示為已完成？',
      completeBody: '完成後訂單無法再變更。',
      invalidateTitle: '作廢訂單 %{number}？',
      invalidateBody: '訂單作廢後，保留的庫存會退回，且無法復原。',
      invalidatePaidBody:
        '這筆訂單已付款：作廢時會將 %{amount} 全額退款給買家，保留的庫存也會退回，且無法復原。',
      shipped: '訂單已出貨，已寄送通知信給買家',
      completed: '訂單已完成',
      invalidated: '訂單已作廢',
    },
    slip: {
      title: '出貨單',
      print: '列印',
      orderNumber: '訂單編號',
      date: '訂購日期',
      to: '收件人',
      phone: '電話',
      thanks: '感謝您的訂購！',
    },
    mail: {
      subject: '[%{site}] 您的訂單 %{number} 已出貨',
      body: '%{name} 您好：\n\n您在 %{site} 的訂單 %{number} 已經出貨。\n\n%{items}\n\n總計：%{total}\n配送方式：%{logistics}\n物流單號：%{code}\n\n感謝您的訂購。',
      item: '・%{name} × %{qty}　%{amount}',
    },
  },
};

export default orders;
