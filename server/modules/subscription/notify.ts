/**
 * The gateway's notification of a reader's payment (an `R…` order), dispatched here by server/modules/plans/
 * notify.ts once the gateway stood behind it: only a hint, the payment is settled by asking the gateway; an event
 * id seen before (reader_payment_events) does nothing (the payment ledger's settleNotification).
 */
import type { PaymentEvent } from '../../adapters/payment/gateway';
import type { Deps } from '../../deps';
import { settleNotification } from '../payments/ledger';
import { readerLedger } from './payments';

export { isReaderOrder } from './payments';

export const settleReaderNotification = (deps: Deps, event: PaymentEvent): Promise<void> =>
  settleNotification(deps, readerLedger, event);
