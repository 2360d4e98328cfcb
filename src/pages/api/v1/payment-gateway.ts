import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { listPaymentGateways } from '@/server/payments/gateways';
import { offeredProviders } from '@/server/payments/offered';

export const ALL = route({
  GET: async () => {
    const offered = new Set((await offeredProviders()).map((p) => p.method));
    return ok({ gateways: listPaymentGateways().map((g) => ({ ...g, enabled: g.enabled && offered.has(g.id) })) });
  },
});
