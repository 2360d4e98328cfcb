import { sql } from 'drizzle-orm';
import { preparedRows } from '@/server/db/prepared';

/** What a signed-in shopper's copy of a shared catalog page needs: the cart badge, hearts, compare marks, collected vouchers. */
export interface ShellFacts {
  cartCount: number;
  wishlist: ReadonlySet<number>;
  compare: ReadonlySet<number>;
  collected: ReadonlySet<number>;
}

const ids = (list: string | null) => new Set((list ?? '').split(',').filter(Boolean).map(Number));

/**
 * One round trip for every personal part of a catalog page (decision 0024): the sum of the cart's
 * quantities (the spec's count), the wishlisted and compared product ids, and which of `voucherIds`
 * the shopper has collected. Each part reads its own index (carts by user, the lists by user).
 */
export async function shellFactsOf(userId: number, voucherIds: readonly number[] = []): Promise<ShellFacts> {
  const vouchers = voucherIds.filter((id) => Number.isSafeInteger(id));
  // Planned once on the embedded database (db/prepared.ts): it runs on every signed-in catalog page.
  const [row] = await preparedRows<{ n: number | string | null; w: string | null; c: string | null; v: string | null }>(
    sql`select
      (select coalesce(sum(l.quantity), 0) from cart_lines l join carts ca on ca.id = l.cart_id where ca.user_id = ${userId}) as n,
      (select string_agg(product_id::text, ',') from wishlists where user_id = ${userId}) as w,
      (select string_agg(product_id::text, ',') from compare_lists where user_id = ${userId}) as c,
      ${
        vouchers.length
          ? sql`(select string_agg(voucher_id::text, ',') from user_vouchers where user_id = ${userId} and voucher_id in (${sql.join(
              vouchers.map((id) => sql`${id}`),
              sql`, `,
            )}))`
          : sql`null`
      } as v`,
  );
  return { cartCount: Number(row?.n ?? 0), wishlist: ids(row?.w ?? null), compare: ids(row?.c ?? null), collected: ids(row?.v ?? null) };
}
