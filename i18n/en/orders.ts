/**
 * en words: orders' statuses, their record page (/orders/{id}) with its moves, the packing slip and the buyer's
 * shipping mail. The list's, its filters' and the CSV export's words are the orders entity's (entities/orders.ts).
 */
import type { DeepStrings } from '../types';
import type ordersSource from '../zh-TW/orders';

const orders: DeepStrings<typeof ordersSource> = {
  orders: {
    status: { '0': 'Awaiting payment', '1': 'Paid', '2': 'Shipped', '3': 'Completed', '-1': 'Invalid' },
    actor: { buyer: 'Buyer', staff: 'Staff', gateway: 'Payment gateway', system: 'System' },
    payment: { pending: 'Pending', paid: 'Paid', failed: 'Failed', expired: 'Expired', refunded: 'Refunded' },
    show: {
      title: 'Order %{number}',
      back: 'Back to orders',
      buyer: 'Buyer',
      address: 'Shipping address',
      note: 'Note',
      items: 'Items',
      goods: 'Product',
      code: 'SKU code',
      price: 'Price',
      qty: 'Qty',
      amount: 'Amount',
      subtotal: 'Subtotal',
      shipping: 'Shipping (%{name})',
      free: 'Free',
      total: 'Total',
      logistics: 'Shipping',
      tracking: 'Tracking code',
      timeline: 'History',
      created: 'Order placed',
      moved: '%{from} → %{to}',
      by: 'by %{who}',
      payments: 'Payments',
      noPayments: 'No payments yet.',
      tradeId: 'Trade ID',
      expires: 'Pay by %{date}',
      slip: 'Print packing slip',
    },
    actions: {
      ship: 'Ship',
      complete: 'Complete',
      invalidate: 'Invalidate',
      cancel: 'Cancel',
      shipTitle: 'Ship order %{number}',
      codeLabel: 'Tracking code',
      codeHint: 'The shipping mail to the buyer includes it',
      shipConfirm: 'Ship',
      completeTitle: 'Mark order %{number} completed?',
      completeBody: 'A completed order cannot change any more.',
      invalidateTitle: 'Invalidate order %{number}?',
      invalidateBody: 'Its reserved stock goes back. This cannot be undone.',
      invalidatePaidBody:
        'This order is paid: invalidating it refunds %{amount} in full to the buyer and returns its stock. This cannot be undone.',
      shipped: 'Order shipped; the buyer has been mailed',
      completed: 'Order completed',
      invalidated: 'Order invalidated',
    },
    slip: {
      title: 'Packing slip',
      print: 'Print',
      orderNumber: 'Order number',
      date: 'Order date',
      to: 'Ship to',
      phone: 'Phone',
      thanks: 'Thank you for your order!',
    },
    mail: {
      subject: '[%{site}] Your order %{number} has shipped',
      body: 'Hello %{name},\n\nYour order %{number} at %{site} has shipped.\n\n%{items}\n\nTotal: %{total}\nShipping: %{logistics}\nTracking code: %{code}\n\nThank you for your order.',
      item: '- %{name} × %{qty}  %{amount}',
    },
  },
};

export default orders;
