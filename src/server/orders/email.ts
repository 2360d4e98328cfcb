import { getT } from '@/i18n';
import { getDb, type Tx } from '@/server/db/client';
import { queueMail, sendMail } from '@/server/mail/index';
import { escapeHtml } from '@/server/mail/templates';
import { getSettings } from '@/server/settings/index';
import type { Settings } from '@/lib/schemas/settings';
import { formatPrice } from '@/lib/price';
import { methodName } from '@/server/payments/method-names';
import { purchaseByNo, purchaseOf, type Purchase } from '@/server/orders/find';
import { shopBankAccount } from '@/server/payments/offered';
import type { BankAccount } from '@/lib/schemas/settings';
import { addressLines } from '@/lib/address-text';

/** The shop's account as mail lines, the order number as the reference (the same rows as ShopBankAccount.astro). */
function bankAccountLines(t: (key: string) => string, a: BankAccount, reference: string, amount: string): string[] {
  const rows: [string, string][] = [
    ['bank', a.bank_name],
    ['holder', a.account_holder],
    ['number', a.account_number],
    ['iban', a.iban],
    ['branch', a.branch_name],
    ['swift', a.swift],
    ['amount', amount],
    ['reference', reference],
  ];
  return [
    t('checkout.shopAccount.title'),
    ...rows.filter(([, v]) => v).map(([k, v]) => `  ${t(`checkout.shopAccount.${k}`)}: ${v}`),
    t('checkout.shopAccount.tellUs'),
  ];
}

interface MailContext {
  lang: string;
  origin: string;
  siteName: string;
}

/** The confirmation: each store's lines and totals, the address, and how to pay (cash, bank transfer, or paid). */
async function orderMail(p: Purchase, ctx: MailContext, known?: Settings) {
  const t = await getT(ctx.lang);
  const settings = known ?? (await getSettings());
  const { setting } = settings;
  const money = (n: number) => formatPrice(n, setting);
  const first = p.orders[0]!;
  const address = first.shipping_address;
  const method = p.payment?.method ?? first.payment_method;
  const instructions =
    method === 2
      ? t('checkout.mail.payCod')
      : method === 7
        ? t('checkout.mail.payBank', { ref: p.order_no, total: money(p.total) })
        : t('checkout.mail.payOnline');
  const text: string[] = [t('checkout.mail.intro', { no: p.order_no }), ''];
  for (const o of p.orders) {
    text.push(`${o.store_name} — ${t('checkout.mail.order', { id: o.id })}`);
    for (const l of o.lines) text.push(`  ${l.quantity} × ${l.title}${l.attributes ? ` (${l.attributes})` : ''}  ${money(l.line_total)}`);
    text.push(`  ${t('checkout.subtotal')}: ${money(o.subtotal)}`, `  ${t('checkout.discount')}: -${money(o.discount)}`);
    text.push(`  ${t('checkout.shipping')}: ${money(o.shipping_total)}`, `  ${t('checkout.tax')}: ${money(o.tax)}`);
    text.push(`  ${t('checkout.total')}: ${money(o.total)}`, '');
  }
  text.push(`${t('checkout.grandTotal')}: ${money(p.total)}`);
  text.push(`${t('checkout.paymentMethod')}: ${methodName(t, method)}`, instructions, '');
  const account = method === 7 ? shopBankAccount(settings) : null;
  if (account) text.push(...bankAccountLines(t, account, p.order_no, money(p.total)), '');
  if (address) text.push(t('checkout.shippingAddress'), address.name, ...addressLines(address), address.phone, '');
  const link = `${ctx.origin}/user/order/${first.id}`;
  text.push(`${t('checkout.mail.view')}: ${link}`);
  const html = `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#17212b;line-height:1.5">${text
    .map((l) => (l ? `<p style="margin:0 0 4px;white-space:pre">${escapeHtml(l)}</p>` : '<br>'))
    .join('\n')}</body></html>`;
  return { to: first.email, subject: t('checkout.mail.subject', { site: ctx.siteName, no: p.order_no }), text: text.join('\n'), html };
}

/** Queues the confirmation in the purchase's own transaction (the outbox): sent once it commits, never if it rolls back. */
export async function queueOrderEmail(tx: Tx, orderNo: string, ctx: MailContext, settings: Settings): Promise<void> {
  const purchase = await purchaseByNo(tx, orderNo);
  if (purchase.orders.length) await queueMail(tx, await orderMail(purchase, ctx, settings));
}

/**
 * `order/send-order-email {order_id}`: the user's own order's confirmation again. Nothing else changes: the mail
 * is the whole change, queued in its own transaction (sendMail) and tried at once.
 */
export async function resendOrderEmail(userId: number, orderId: number, ctx: MailContext): Promise<{ sent: boolean }> {
  const purchase = await purchaseOf(getDb(), orderId, userId);
  return { sent: await sendMail(await orderMail(purchase, ctx)) };
}
