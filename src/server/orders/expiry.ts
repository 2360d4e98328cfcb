import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/server/db/client';
import { getSettings } from '@/server/settings/index';
import { publicOrigin } from '@/server/core/origin';
import { log } from '@/server/core/logger.mjs';
import { cancelLocked, lockPurchase, type StatusChange } from '@/server/orders/life';
import { queueStatusMails } from '@/server/orders/status-email';

/** Methods collected offline (cash on delivery, bank transfer): they wait for the money, they never expire here. */
const OFFLINE = [2, 7];

/** The history note and cancellation reason of an expired order (translated where shown: orders.expiredReason). */
export const EXPIRED_REASON = 'The online payment was not completed in time, so the order was cancelled and its items released.';

/**
 * Cancels every purchase paid online whose payment never completed within the operator's
 * `unpaid_order_minutes` (default 30): stock and voucher go back (the shopper's cancellation path), the
 * payment row fails, the shopper is mailed. Each purchase in its own transaction under its row locks, checked
 * again there, so a payment settled meanwhile, or another process sweeping too, wins cleanly.
 */
export async function expireUnpaidOrders(now = new Date()): Promise<StatusChange[]> {
  const settings = await getSettings();
  const { setting } = settings;
  const mailCtx = { lang: settings.default_language, origin: publicOrigin(), siteName: settings.site_setting.site_name };
  const before = new Date(now.getTime() - setting.unpaid_order_minutes * 60_000);
  const due = await queryRows<{ id: number }>(
    getDb(),
    sql`select min(o.id) as id from orders o join payments p on p.order_no = o.order_no
        where o.status = 'pending' and o.payment_status = 0 and p.status = 'pending'
          and o.payment_method not in (${sql.join(OFFLINE, sql`, `)}) and o.created_at < ${before.toISOString()}
        group by o.order_no limit 200`,
  );
  const changes: StatusChange[] = [];
  for (const { id } of due) {
    const done = await getDb().transaction(async (tx) => {
      const { all } = await lockPurchase(tx, id);
      const [pay] = await queryRows<{ status: string }>(tx, sql`select status from payments where order_no = ${all[0]!.order_no} limit 1`);
      if (pay?.status !== 'pending') return [];
      const out: StatusChange[] = [];
      for (const o of all) {
        if (o.status !== 'pending' || o.payment_status !== 0 || OFFLINE.includes(o.payment_method)) continue;
        // Each cancellation sees the ones before it (the last one releases the voucher and fails the payment).
        const fresh = (await lockPurchase(tx, o.id)).all;
        out.push(
          await cancelLocked(
            tx,
            fresh.find((x) => x.id === o.id)!,
            fresh,
            EXPIRED_REASON,
            null,
          ),
        );
      }
      // The shoppers' mails in the same transaction (the outbox): sent once the cancellation commits.
      await queueStatusMails(tx, out, mailCtx, EXPIRED_REASON);
      return out;
    });
    changes.push(...done);
  }
  if (changes.length) {
    log.info({ orders: changes.map((c) => c.order_id) }, 'orders: unpaid online orders expired');
  }
  return changes;
}

let timer: NodeJS.Timeout | undefined;

/** Sweeps once a minute in the server process (never keeps it alive); stop() on shutdown. */
export function startExpirySweep(everyMs = 60_000): () => void {
  timer ??= setInterval(() => {
    expireUnpaidOrders().catch((err: unknown) => log.error({ err }, 'orders: the unpaid-order sweep failed'));
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    timer = undefined;
  };
}
