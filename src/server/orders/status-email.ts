import { getT } from '@/i18n';
import { sql } from 'drizzle-orm';
import { queueMail } from '@/server/mail/index';
import { queryRows, type Tx } from '@/server/db/client';
import { escapeHtml } from '@/server/mail/templates';
import { statusKey } from '@/server/orders/transitions';
import type { StatusChange } from '@/server/orders/life';

export interface StatusMailContext {
  lang: string;
  origin: string;
  siteName: string;
}

/** The mail of one status change (plain and HTML, with the link to the order page); the reason when given. */
export async function statusMail(change: StatusChange, ctx: StatusMailContext, reason?: string) {
  const t = await getT(ctx.lang);
  const status = t(statusKey(change.to));
  const link = `${ctx.origin}/user/order/${change.order_id}`;
  const lines = [
    t('orders.mail.intro', { id: change.order_id, no: change.order_no, status }),
    t(`orders.mail.what.${change.to}`),
    ...(reason ? [t('orders.mail.reason', { reason })] : []),
  ];
  const text = [...lines, '', `${t('orders.mail.view')}: ${link}`, '', t('orders.mail.track', { url: `${ctx.origin}/track-order` })].join(
    '\n',
  );
  const html = `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#17212b;line-height:1.5">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b7a5c;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(t('orders.mail.view'))}</a></p>
<p style="color:#5b6672;font-size:13px">${escapeHtml(t('orders.mail.track', { url: `${ctx.origin}/track-order` }))}</p>
</body></html>`;
  return { to: change.email, subject: t('orders.mail.subject', { site: ctx.siteName, id: change.order_id, status }), text, html };
}

/** The shop's language read in `tx` (never the settings cache, which would reach for another connection inside a transaction). */
export async function shopLanguage(tx: Tx): Promise<string> {
  const [row] = await queryRows<{ value: unknown }>(tx, sql`select value from settings where key = 'default_language'`);
  let value = row?.value;
  if (typeof value === 'string' && value.startsWith('"')) value = JSON.parse(value) as unknown;
  return typeof value === 'string' && value ? value : 'en';
}

/**
 * Queues the status mails in the transaction of the change (the outbox): they go out once it commits, and never
 * when it rolls back. In the shop's language unless `ctx.lang` says otherwise.
 */
export async function queueStatusMails(
  tx: Tx,
  changes: StatusChange[],
  ctx: Omit<StatusMailContext, 'lang'> & { lang?: string },
  reason?: string,
): Promise<void> {
  const lang = ctx.lang ?? (await shopLanguage(tx));
  for (const c of changes) await queueMail(tx, await statusMail(c, { ...ctx, lang }, reason));
}
