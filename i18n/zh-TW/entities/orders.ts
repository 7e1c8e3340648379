/**
 * zh-TW words: the orders entity (contract/entities/orders.ts): its list, filters and CSV export; the statuses as
 * ../orders.ts `orders.status` says them (a unit test keeps them equal).
 */
import type { orders } from '../../../contract/entities/orders';
import type { EntityWords } from '../../types';

const words = {
  resources: {
    orders: {
      name: '訂單 |||| 訂單',
      fields: {
        order_number: '訂單編號',
        created_at: '建立時間',
        buyer_name: '買家',
        buyer_email: '買家信箱',
        buyer_phone: '買家電話',
        items: '件數',
        total: '總計',
        status: '狀態',
        status_0: '待付款',
        status_1: '已付款',
        status_2: '已出貨',
        status_3: '已完成',
        'status_-1': '已失效',
      },
      filters: {
        keyword: '搜尋訂單編號、買家姓名、信箱或電話',
        sku: 'SKU 編號或商品名稱',
        from: '起始日期',
        to: '結束日期',
      },
      empty: '目前沒有訂單',
      emptyHint: '買家在網站上下單後，訂單會出現在這裡。',
      notFound: '找不到這筆訂單。',
      export: {
        label: '匯出 CSV',
        done: '已下載訂單',
        header: {
          order_number: '訂單編號',
          created: '建立時間',
          status: '狀態',
          buyer_name: '買家姓名',
          buyer_email: '買家信箱',
          buyer_phone: '買家電話',
          address: '收件地址',
          note: '備註',
          logistics: '配送方式',
          tracking_code: '物流單號',
          goods: '商品',
          sku: '規格',
          sku_code: 'SKU 編號',
          price: '單價',
          qty: '數量',
          amount: '小計',
          subtotal: '商品小計',
          shipping: '運費',
          total: '總計',
        },
      },
    },
  },
} satisfies EntityWords<typeof orders>;

export default words;
