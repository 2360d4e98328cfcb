import { getT } from '@/i18n';
import { queueMail } from '@/server/mail/index';
import type { Tx } from '@/server/db/client';
import { shopLanguage } from '@/server/orders/status-email';
import { escapeHtml } from '@/server/mail/templates';
import type { Actor } from '@/server/core/actor';

/** One step of an order's refund or return, told to the shopper: what happened, the reason, the link to the order. */
export interface OrderEvent {
  order_id: number;
  email: string;
  /** The message key of the mail's subject and first paragraph (`orders.returns.mail.<event>`). */
  event: 'refunded' | 'requested' | 'approved' | 'refused' | 'received';
  vars?: Record<string, string>;
  reason?: string | null;
}

/** The mail of one event, in the shop's language (the shopper's is not known), plain and HTML like the status mails. */
export async function orderEventMail(e: OrderEvent, ctx: { lang: string; origin: string; siteName: string }) {
  const t = await getT(ctx.lang);
  const vars = { id: e.order_id, site: ctx.siteName, ...e.vars };
  const link = `${ctx.origin}/user/order/${e.order_id}`;
  const lines = [t(`orders.returns.mail.${e.event}`, vars), ...(e.reason ? [t('orders.mail.reason', { reason: e.reason })] : [])];
  const text = [...lines, '', `${t('orders.mail.view')}: ${link}`].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#17212b;line-height:1.5">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b7a5c;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(t('orders.mail.view'))}</a></p>
</body></html>`;
  return { to: e.email, subject: t('orders.returns.mail.subject', vars), text, html };
}

/** Queues it in the transaction of the step (the outbox): it goes out once that commits, never when it rolls back. */
export async function queueOrderEvent(tx: Tx, e: OrderEvent, actor: Pick<Actor, 'origin' | 'siteName'>): Promise<void> {
  await queueMail(tx, await orderEventMail(e, { lang: await shopLanguage(tx), origin: actor.origin, siteName: actor.siteName }));
}
