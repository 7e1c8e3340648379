/** zh-TW words: goods (the goods entity, contract/entities/goods.ts) and its SKU modal. */
import type { goods } from '../../../contract/entities/goods';
import type { EntityWords } from '../../types';

const words = {
  resources: {
    goods: {
      name: '商品 |||| 商品',
      fields: {
        id: 'ID',
        cover: '封面',
        name: '名稱',
        slug: '網址代稱',
        intro: '簡介',
        content: '商品介紹',
        gallery: '商品圖片',
        status: '狀態',
        status_online: '上架',
        status_offline: '下架',
        tags: '標籤',
        skus: '規格（SKU）',
        code: 'SKU 編號',
        price: '售價',
        qty: '可售數量',
        shift: '出貨天數',
        prices: '價格',
        stock: '庫存',
        stock_alert: '庫存提醒',
        created_at: '建立時間',
        updated_at: '更新時間',
      },
      filters: {
        name: '搜尋商品名稱',
      },
      hints: {
        slug: '留空會依名稱自動產生。',
        gallery: '最多 20 張，依順序顯示在商品頁。',
        shift: '付款後幾天內出貨（0 = 現貨）',
        qty: '目前可以賣出的數量，已被訂單保留的不算在內。',
        code: '英文字母、數字、-、_ 或 .，全站不可重複。',
      },
      alert: {
        out: '缺貨',
        low: '庫存偏低',
      },
      sku: {
        add: '新增規格',
        create: '新增規格',
        edit: '編輯規格',
        empty: '還沒有規格，至少新增一個規格才能販售。',
        remove: '移除規格',
        done: '確定',
        shipsNow: '現貨',
        shipsIn: '%{smart_count} 天內出貨',
        duplicate: '這個 SKU 編號已用在此商品的其他規格。',
      },
      bulk: {
        online: '上架',
        offline: '下架',
        done: '已更新 %{smart_count} 項商品',
      },
      empty: '還沒有商品',
      emptyHint: '新增商品和規格後，就能在網站上販售。',
      create: '新增商品',
      edit: '編輯商品',
      saved: '商品已儲存',
      deleted: '商品已刪除',
      deleteTitle: '刪除商品「%{name}」？',
      deleteBody: '商品和它的規格都會刪除，已成立的訂單仍保留當時的商品資料。刪除後無法復原。',
      notFound: '找不到這項商品，可能已被刪除。',
    },
  },
} satisfies EntityWords<typeof goods>;

export default words;
