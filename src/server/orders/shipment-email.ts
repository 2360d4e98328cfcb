import { getT } from '@/i18n';
import { queueMail } from '@/server/mail/index';
import type { Tx } from '@/server/db/client';
import { shopLanguage } from '@/server/orders/status-email';
import { escapeHtml } from '@/server/mail/templates';
import { carrierName } from '@/lib/carriers';
import type { Shipped } from '@/server/orders/shipments';
import type { StatusMailContext } from '@/server/orders/status-email';

/** The mail of one shipment: what is in the parcel, the carrier, the tracking number and its link. */
export async function shipmentMail(shipped: Shipped, ctx: StatusMailContext) {
  const t = await getT(ctx.lang);
  const s = shipped.shipment;
  const carrier = carrierName(t, s.carrier);
  const link = `${ctx.origin}/user/order/${shipped.order_id}`;
  const lines = [
    t(shipped.complete ? 'backoffice.shipments.mail.introAll' : 'backoffice.shipments.mail.introPart', {
      id: shipped.order_id,
      no: shipped.order_no,
    }),
    ...s.lines.map((l) => `${l.quantity} × ${l.title}`),
    t('backoffice.shipments.mail.carrier', { carrier }),
    ...(s.tracking_number ? [t('backoffice.shipments.mail.number', { number: s.tracking_number })] : []),
  ];
  const follow = s.tracking_url ? `${t('backoffice.shipments.mail.follow')}: ${s.tracking_url}` : null;
  const text = [...lines, ...(follow ? [follow] : []), '', `${t('orders.mail.view')}: ${link}`].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#17212b;line-height:1.5">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${s.tracking_url ? `<p><a href="${escapeHtml(s.tracking_url)}">${escapeHtml(t('backoffice.shipments.mail.follow'))}</a></p>` : ''}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b7a5c;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(t('orders.mail.view'))}</a></p>
</body></html>`;
  return {
    to: shipped.email,
    subject: t('backoffice.shipments.mail.subject', { site: ctx.siteName, id: shipped.order_id }),
    text,
    html,
  };
}

/** Queues one mail per shipment in the transaction that made them (the outbox), in the shop's language. */
export async function queueShipmentMails(tx: Tx, all: Shipped[], ctx: Omit<StatusMailContext, 'lang'>): Promise<void> {
  const lang = await shopLanguage(tx);
  for (const shipped of all) await queueMail(tx, await shipmentMail(shipped, { ...ctx, lang }));
}
