/**
 * ja words: orders' statuses, their record page (/orders/{id}) with its moves, the packing slip and the buyer's
 * shipping mail. The list's, its filters' and the CSV export's words are the orders entity's (entities/orders.ts).
 */
import type { DeepStrings } from '../types';
import type ordersSource from '../zh-TW/orders';

const orders: DeepStrings<typeof ordersSource> = {
  orders: {
    status: { '0': '支払い待ち', '1': '支払い済み', '2': '発送済み', '3': '完了', '-1': '無効' },
    actor: { buyer: '購入者', staff: 'スタッフ', gateway: '決済', system: 'システム' },
    payment: {
      pending: '処理中',
      paid: '支払い済み',
      failed: '失敗',
      expired: '期限切れ',
      refunded: '返金済み',
    },
    show: {
      title: '注文 %{number}',
      back: '注文一覧に戻る',
      buyer: '購入者',
      address: '配送先住所',
      note: '備考',
      items: '注文内容',
      goods: '商品',
      code: 'SKU コード',
      price: '単価',
      qty: '数量',
      amount: '小計',
      subtotal: '商品小計',
      shipping: '送料（%{name}）',
      free: '無料',
      total: '合計',
      logistics: '配送方法',
      tracking: '追跡番号',
      timeline: '履歴',
      created: '注文作成',
      moved: '%{from} → %{to}',
      by: '%{who}',
      payments: '支払い履歴',
      noPayments: '支払いはまだありません。',
      tradeId: '取引 ID',
      expires: '支払い期限 %{date}',
      slip: '納品書を印刷',
    },
    actions: {
      ship: '発送',
      complete: '完了',
      invalidate: '無効にする',
      cancel: 'キャンセル',
      shipTitle: '注文 %{number} を発送',
      codeLabel: '追跡番号',
      codeHint: '購入者への発送通知メールに記載されます',
      shipConfirm: '発送する',
      completeTitle: '注文 %{number} を完了にしますか？',
      completeBody: '完了した注文は変更できません。',
      invalidateTitle: '注文 %{number} を無効にしますか？',
      invalidateBody: '確保した在庫は戻ります。元に戻せません。',
      invalidatePaidBody:
        'この注文は支払い済みです。無効にすると %{amount} を購入者に全額返金し、在庫も戻ります。元に戻せません。',
      shipped: '注文を発送し、購入者に通知しました',
      completed: '注文を完了しました',
      invalidated: '注文を無効にしました',
    },
    slip: {
      title: '納品書',
      print: '印刷',
      orderNumber: '注文番号',
      date: '注文日',
      to: 'お届け先',
      phone: '電話',
      thanks: 'ご注文ありがとうございました。',
    },
    mail: {
      subject: '[%{site}] ご注文 %{number} を発送しました',
      body: '%{name} 様\n\n%{site} でのご注文 %{number} を発送しました。\n\n%{items}\n\n合計：%{total}\n配送方法：%{logistics}\n追跡番号：%{code}\n\nご注文ありがとうございました。',
      item: '・%{name} × %{qty}　%{amount}',
    },
  },
};

export default orders;
