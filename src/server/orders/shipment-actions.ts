import { defineAction } from '@/server/core/action';
import { mustBeOrderVersion } from '@/server/orders/version';
import { ShipmentSchema } from '@/lib/schemas/backoffice';
import { mustSeeOrder, shipOrder } from '@/server/orders/shipments';
import { queueShipmentMails } from '@/server/orders/shipment-email';

/**
 * Ships lines of an order (`POST api/v1/{admin|seller}/orders/{id}/shipments {lines: [{line_id, quantity}],
 * carrier?, tracking_number?}`), in the caller's scope: one shipment, one audit entry, one mail to the shopper.
 */
export const shipOrderAction = defineAction({
  name: 'orders.ship',
  input: ShipmentSchema,
  auth: { can: 'update:order' },
  // Orders are never kept in a cache.
  invalidates: [],
  run: async (input, actor, { scope, tx, audit }) => {
    await mustSeeOrder(tx, input.id, scope);
    await mustBeOrderVersion(tx, input.id, input.version);
    const shipped = await shipOrder(tx, input.id, input, actor.user?.id ?? null);
    audit({
      entity: 'order',
      entityId: input.id,
      before: null,
      after: {
        shipment_id: shipped.shipment.id,
        carrier: input.carrier,
        tracking_number: input.tracking_number,
        lines: input.lines,
        ...(shipped.change ? { status: shipped.change.to } : {}),
      },
    });
    await queueShipmentMails(tx, [shipped], { origin: actor.origin, siteName: actor.siteName });
    return shipped;
  },
  message: (s, t) => t(s.complete ? 'backoffice.shipments.shippedAll' : 'backoffice.shipments.shippedPart'),
  data: (s) => ({ order_id: s.order_id, status: s.change?.to ?? null, complete: s.complete, shipment: s.shipment }),
});
