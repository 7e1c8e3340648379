/** zh-TW words: the receipt mailed to the site owner for each plan charge, and the e-invoice's item (modules/plans/invoicing.ts). */
const receipt = {
  receipt: {
    mail: {
      subject: '「%{site}」的付款收據：NT$%{amount}',
      body: '你好：\n\n我們已收到「%{site}」的款項，明細如下：\n\n項目：%{kind}\n方案：%{plan}\n金額：NT$%{amount}\n付款日期：%{paid}\n方案期間：%{start} 至 %{end}\n信用卡末四碼：%{card}\n電子發票號碼：%{invoice}\n訂單編號：%{order}\n\n方案狀態與付款紀錄：%{link}',
      noInvoice: '（尚未開立，開立後會另行通知）',
    },
    item: {
      init: '%{plan}方案',
      renewal: '%{plan}方案續訂',
      change: '%{plan}方案變更差額',
    },
    voidReason: '退款',
  },
};

export default receipt;
