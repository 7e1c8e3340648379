import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/coupon';

const words: DeepStrings<typeof source> = {
  resources: {
    coupon: {
      name: 'Coupon |||| Coupons',
      fields: {
        id: 'ID',
        code: 'Code',
        title: 'Name',
        percent: 'Discount (%)',
        min_order: 'Minimum order',
        goods_ids: 'Products',
        starts_on: 'Starts on',
        ends_at: 'Ends at',
        active: 'Active',
        active_true: 'Active',
        active_false: 'Inactive',
        created_at: 'Created',
        updated_at: 'Updated',
      },
      filters: {
        code: 'Search codes',
      },
      hints: {
        code: '4 to 16 letters, digits, -, _ or .; unique on the site.',
        goods_ids: 'None chosen: every product.',
        ends_at: 'Leave empty for a coupon that never expires.',
      },
      empty: 'No coupons yet',
      emptyHint: 'Buyers enter a code at checkout to get the discount.',
      create: 'New coupon',
      edit: 'Edit coupon',
      saved: 'Coupon saved',
      deleted: 'Coupon deleted',
      deleteTitle: 'Delete the coupon “%{name}”?',
      deleteBody: 'Orders that used it are not affected. This cannot be undone.',
      notFound: 'This coupon was not found; it may have been deleted.',
    },
  },
  permissions: {
    group: { coupon: 'Coupons' },
    leaf: {
      coupon: { view: 'View coupons', add: 'Add coupons', edit: 'Edit coupons', delete: 'Delete coupons' },
    },
  },
};

export default words;
