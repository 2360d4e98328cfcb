import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { listPaymentGateways } from '@/server/payments/gateways';

export const ALL = route({
  GET: () => ok({ gateways: listPaymentGateways() }),
});
