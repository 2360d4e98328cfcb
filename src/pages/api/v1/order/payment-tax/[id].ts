import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { paymentTaxAction } from '@/server/orders/actions';

/** The spec's `GET payment tax/{id}`: the checked lines' tax and totals for the user's address `{id}`. */
export const ALL = route({ GET: serveAction(paymentTaxAction, ({ params }) => ({ address_id: params.id })) });
