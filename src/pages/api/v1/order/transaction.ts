import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { orderTransactionAction } from '@/server/orders/actions';

/** The bank transfer's details after paying `{order_id, transaction_id, bank_name, account_holder, account_number, branch_name}`. */
export const ALL = route({ POST: serveAction(orderTransactionAction) });
