import { route } from '../../../server/http/route';
import { ok } from '../../../server/http/envelope';
import { listPaymentGateways } from '../../../server/payments/gateways';

export const ALL = route({
  GET: () => ok({ gateways: listPaymentGateways() }),
});
