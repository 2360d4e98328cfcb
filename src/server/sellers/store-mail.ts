import { sql } from 'drizzle-orm';
import { getT } from '@/i18n';
import { queryRows, type Tx } from '@/server/db/client';
import { queueMail } from '@/server/mail/index';
import { plainMail } from '@/server/content/mails';
import { shopLanguage } from '@/server/orders/status-email';

/** Where a mail about a store's orders comes from: the shop's public address and name. */
export interface StoreMailContext {
  origin: string;
  siteName: string;
}

/** The addresses a store's mail goes to: its owners' accounts (store_members), else the store's own address. */
export async function storeOwnerEmails(tx: Tx, storeId: number): Promise<string[]> {
  const owners = await queryRows<{ email: string }>(
    tx,
    sql`select u.email from store_members m join users u on u.id = m.user_id
        where m.store_id = ${storeId} and m.role = 'owner' and u.status = 1 order by u.id`,
  );
  if (owners.length) return owners.map((o) => o.email);
  const [store] = await queryRows<{ email: string | null }>(tx, sql`select email from stores where id = ${storeId}`);
  return store?.email ? [store.email] : [];
}

/**
 * Tells each store's seller about its new order, queued in the order's transaction (the outbox): a purchase that
 * rolls back mails nobody. In the shop's language (the seller's own is not known).
 */
export async function queueNewOrderMails(
  tx: Tx,
  orders: readonly { id: number; store_id: number }[],
  ctx: StoreMailContext,
): Promise<void> {
  if (!orders.length) return;
  const t = await getT(await shopLanguage(tx));
  for (const order of orders) {
    const [row] = await queryRows<{ lines: number; store: string }>(
      tx,
      sql`select (select coalesce(sum(quantity), 0)::int from order_lines where order_id = ${order.id}) as lines,
                 (select name from stores where id = ${order.store_id}) as store`,
    );
    for (const to of await storeOwnerEmails(tx, order.store_id))
      await queueMail(
        tx,
        plainMail({
          to,
          subject: t('backoffice.sellerMail.newOrderSubject', { site: ctx.siteName, id: order.id }),
          paragraphs: [
            t('backoffice.sellerMail.newOrderText', { id: order.id, store: row?.store ?? '', n: row?.lines ?? 0 }),
            t('backoffice.sellerMail.newOrderNext'),
          ],
          link: { href: `${ctx.origin}/seller/orders/${order.id}`, label: t('backoffice.sellerMail.openOrder') },
        }),
      );
  }
}

/** Tells the order's seller a shopper asks to return goods, queued in the request's transaction. */
export async function queueReturnRequestMail(tx: Tx, orderId: number, reason: string, ctx: StoreMailContext): Promise<void> {
  const [order] = await queryRows<{ store_id: number }>(tx, sql`select store_id from orders where id = ${orderId}`);
  if (!order) return;
  const t = await getT(await shopLanguage(tx));
  for (const to of await storeOwnerEmails(tx, order.store_id))
    await queueMail(
      tx,
      plainMail({
        to,
        subject: t('backoffice.sellerMail.returnSubject', { site: ctx.siteName, id: orderId }),
        paragraphs: [t('backoffice.sellerMail.returnText', { id: orderId }), t('backoffice.sellerMail.returnReason', { reason })],
        link: { href: `${ctx.origin}/seller/orders/${orderId}#returns`, label: t('backoffice.sellerMail.openOrder') },
      }),
    );
}
