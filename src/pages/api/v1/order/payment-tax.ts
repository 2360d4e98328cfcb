import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { paymentTaxAction } from '@/server/orders/actions';

/** Tax and totals of the checked lines before paying `{address_id?, shipping_type?, voucher_code?}`. */
export const ALL = route({ POST: serveAction(paymentTaxAction) });
