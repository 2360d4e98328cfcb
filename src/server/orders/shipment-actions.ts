import { defineAction } from '@/server/core/action';
import { mustBeOrderVersion } from '@/server/orders/version';
import type { Actor } from '@/server/core/actor';
import { getSettings } from '@/server/settings';
import { ShipmentSchema } from '@/lib/schemas/backoffice';
import { mustSeeOrder, shipOrder, type Shipped } from '@/server/orders/shipments';
import { queueShipmentMails, sendShipmentMails } from '@/server/orders/shipment-email';

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

/** Shipment mails go out in the shop's language (the shopper's is not known), after the answer. */
export async function mailShipments(all: Shipped[], actor: Actor): Promise<void> {
  const settings = await getSettings();
  await sendShipmentMails(all, { lang: settings.default_language, origin: actor.origin, siteName: actor.siteName });
}
