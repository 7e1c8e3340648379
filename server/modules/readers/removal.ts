/**
 * Before a reader goes (their own "delete my account", or staff removing members): no payment of theirs may be in
 * flight. The row would go with them (ON DELETE CASCADE), and a charge the gateway then reports paid would find no
 * order to apply or refund; so removal waits until the payment is settled (19004, as for a second payment).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { readerPayments } from './schema';

export async function assertNoOpenPayment(db: Db, siteId: number, readerIds: number[]): Promise<void> {
  if (!readerIds.length) return;
  const [open] = await db
    .select({ id: readerPayments.id })
    .from(readerPayments)
    .where(
      and(
        eq(readerPayments.siteId, siteId),
        inArray(readerPayments.readerId, readerIds),
        eq(readerPayments.status, 'pending'),
      ),
    )
    .limit(1);
  if (open) throw new AppError(Code.PAYMENT_IN_PROGRESS);
}
