/** zh-TW words: coupons (the example entity, docs/examples/coupon/contract/entities/coupon.ts). */
import type { coupon } from '../../../contract/entities/coupon';
import type { EntityWords } from '../../types';

const words = {
  resources: {
    coupon: {
      name: '優惠券 |||| 優惠券',
      fields: {
        id: 'ID',
        code: '優惠碼',
        title: '名稱',
        percent: '折扣（%）',
        min_order: '最低消費',
        goods_ids: '適用商品',
        starts_on: '開始日期',
        ends_at: '結束時間',
        active: '啟用',
        active_true: '啟用中',
        active_false: '停用',
        created_at: '建立時間',
        updated_at: '更新時間',
      },
      filters: {
        code: '搜尋優惠碼',
      },
      hints: {
        code: '4 到 16 個英文字母、數字、-、_ 或 .，全站不可重複。',
        goods_ids: '不選時適用所有商品。',
        ends_at: '留空表示不會到期。',
      },
      empty: '還沒有優惠券',
      emptyHint: '買家結帳時輸入優惠碼，就能享有折扣。',
      create: '新增優惠券',
      edit: '編輯優惠券',
      saved: '優惠券已儲存',
      deleted: '優惠券已刪除',
      deleteTitle: '刪除優惠券「%{name}」？',
      deleteBody: '已使用這張優惠券的訂單不受影響。刪除後無法復原。',
      notFound: '找不到這張優惠券，可能已被刪除。',
    },
  },
  permissions: {
    group: { coupon: '優惠券' },
    leaf: {
      coupon: { view: '檢視優惠券', add: '新增優惠券', edit: '編輯優惠券', delete: '刪除優惠券' },
    },
  },
} satisfies EntityWords<typeof coupon>;

export default words;
