/** zh-TW words: logistics (the logistics entity, contract/entities/logistics.ts). */
import type { logistics } from '../../../contract/entities/logistics';
import type { EntityWords } from '../../types';

const words = {
  resources: {
    logistics: {
      name: '配送方式 |||| 配送方式',
      fields: {
        id: 'ID',
        name: '名稱',
        description: '說明',
        content: '配送須知',
        fee: '運費',
        free_threshold: '免運門檻',
        place_id: '自取地點',
        status: '狀態',
        status_online: '啟用',
        status_offline: '停用',
        created_at: '建立時間',
        updated_at: '更新時間',
      },
      filters: {
        name: '搜尋配送方式',
      },
      hints: {
        description: '結帳時顯示在配送方式下方。',
        free_threshold: '訂單金額達此數免運費，0 表示不免運',
        place_id: '選擇地點時，這是到該地點自取；購物車會顯示地點名稱與地址。',
      },
      empty: '還沒有配送方式',
      emptyHint: '結帳時買家會從啟用中的配送方式選擇一種。',
      create: '新增配送方式',
      edit: '編輯配送方式',
      saved: '配送方式已儲存',
      deleted: '配送方式已刪除',
      deleteTitle: '刪除配送方式「%{name}」？',
      deleteBody: '已成立的訂單仍保留當時的配送方式與運費。刪除後無法復原。',
      notFound: '找不到這個配送方式，可能已被刪除。',
    },
  },
} satisfies EntityWords<typeof logistics>;

export default words;
