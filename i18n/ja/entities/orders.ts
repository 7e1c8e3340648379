/**
 * ja words: the orders entity (contract/entities/orders.ts): its list, filters and CSV export; the statuses as
 * ../orders.ts `orders.status` says them (a unit test keeps them equal).
 */
import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/orders';

const words: DeepStrings<typeof source> = {
  resources: {
    orders: {
      name: '注文 |||| 注文',
      fields: {
        order_number: '注文番号',
        created_at: '作成日時',
        buyer_name: '購入者',
        buyer_email: '購入者メール',
        buyer_phone: '購入者電話',
        items: '件数',
        total: '合計',
        status: 'ステータス',
        status_0: '支払い待ち',
        status_1: '支払い済み',
        status_2: '発送済み',
        status_3: '完了',
        'status_-1': '無効',
      },
      filters: {
        keyword: '注文番号・購入者名・メール・電話で検索',
        sku: 'SKU コードまたは商品名',
        from: '開始日',
        to: '終了日',
      },
      empty: '注文はまだありません',
      emptyHint: '購入者がサイトで注文すると、ここに表示されます。',
      notFound: 'この注文は見つかりませんでした。',
      export: {
        label: 'CSV をエクスポート',
        done: '注文をダウンロードしました',
        header: {
          order_number: '注文番号',
          created: '作成日時',
          status: 'ステータス',
          buyer_name: '購入者名',
          buyer_email: '購入者メール',
          buyer_phone: '購入者電話',
          address: '住所',
          note: '備考',
          logistics: '配送方法',
          tracking_code: '追跡番号',
          goods: '商品',
          sku: 'バリエーション',
          sku_code: 'SKU コード',
          price: '単価',
          qty: '数量',
          amount: '小計',
          subtotal: '商品小計',
          shipping: '送料',
          total: '合計',
        },
      },
    },
  },
};

export default words;
