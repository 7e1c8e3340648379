/** `<site>/api/reader/shop/*`: the buyers' calls (checkout.ts). */
import { shopReaderApi } from '../../../contract/api/shopReader';
import { action } from '../../http/action';
import { getOrder, payOrder, placeOrder, quote } from './checkout';

export const shopReaderActions = [
  action({ ...shopReaderApi.quote, handler: (input, ctx) => quote(ctx, input) }),
  action({ ...shopReaderApi.order, handler: (input, ctx) => placeOrder(ctx, input) }),
  action({ ...shopReaderApi.pay, handler: (input, ctx) => payOrder(ctx, input) }),
  action({ ...shopReaderApi.get, handler: (input, ctx) => getOrder(ctx, input.order_number) }),
];
