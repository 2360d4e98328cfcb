import { sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import type { BankTransferDetails } from '@/lib/schemas/checkout';
import { lockPurchase, refused } from '@/server/orders/life';

/**
 * `order/transaction {order_id, transaction_id, bank_name, account_holder, account_number, branch_name}`:
 * the shopper says how they sent the bank transfer, after paying, from the order page. Kept in the
 * purchase's payment row (`payments.details`, what the operator reads before `order:confirm-transfer`);
 * may be corrected until the transfer is confirmed. Only the user's own live, unpaid bank-transfer order.
 */
export async function saveTransferDetails(
  userId: number,
  orderId: number,
  details: BankTransferDetails,
): Promise<{ order_id: number; order_no: string }> {
  return getDb().transaction(async (tx) => {
    const { order } = await lockPurchase(tx, orderId, userId);
    if (order.payment_method !== 7) throw refused({ key: 'orders.errors.notBankTransfer' });
    if (order.payment_status === 1 || order.status === 'cancelled' || order.status === 'refunded')
      throw refused({ key: 'orders.errors.transferClosed' });
    await tx.execute(
      sql`update payments set details = ${JSON.stringify(details)}::jsonb, updated_at = now()
          where order_no = ${order.order_no} and status = 'pending'`,
    );
    return { order_id: order.id, order_no: order.order_no };
  });
}
