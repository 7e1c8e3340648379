/**
 * en words: the orders entity (contract/entities/orders.ts): its list, filters and CSV export; the statuses as
 * ../orders.ts `orders.status` says them (a unit test keeps them equal).
 */
import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/orders';

const words: DeepStrings<typeof source> = {
  resources: {
    orders: {
      name: 'Order |||| Orders',
      fields: {
        order_number: 'Order number',
        created_at: 'Created',
        buyer_name: 'Buyer',
        buyer_email: 'Buyer e-mail',
        buyer_phone: 'Buyer phone',
        items: 'Items',
        total: 'Total',
        status: 'Status',
        status_0: 'Awaiting payment',
        status_1: 'Paid',
        status_2: 'Shipped',
        status_3: 'Completed',
        'status_-1': 'Invalid',
      },
      filters: {
        keyword: 'Search order number, buyer name, e-mail or phone',
        sku: 'SKU code or product name',
        from: 'From',
        to: 'To',
      },
      empty: 'No orders yet',
      emptyHint: 'Orders show up here once buyers order on your site.',
      notFound: 'This order could not be found.',
      export: {
        label: 'Export CSV',
        done: 'Orders downloaded',
        header: {
          order_number: 'Order number',
          created: 'Created',
          status: 'Status',
          buyer_name: 'Buyer name',
          buyer_email: 'Buyer e-mail',
          buyer_phone: 'Buyer phone',
          address: 'Address',
          note: 'Note',
          logistics: 'Shipping',
          tracking_code: 'Tracking code',
          goods: 'Product',
          sku: 'Variant',
          sku_code: 'SKU code',
          price: 'Price',
          qty: 'Qty',
          amount: 'Amount',
          subtotal: 'Subtotal',
          shipping: 'Shipping fee',
          total: 'Total',
        },
      },
    },
  },
};

export default words;
