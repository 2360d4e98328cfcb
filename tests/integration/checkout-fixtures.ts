import { eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/server/db/client';
import { users, vouchers } from '@/server/db/schema';
import { parseWith } from '@/server/core/validation';
import { CartActionSchema } from '@/lib/schemas/cart';
import { OrderActionSchema } from '@/lib/schemas/checkout';
import { addToCart } from '@/server/cart/add';
import type { SessionUser } from '@/server/core/actor';
import { makeAddress, makeUser } from './cart-fixtures';

/** A signed-in shopper with a shipping address (US/CA unless given). */
export async function shopper(country = 'US', state = 'CA'): Promise<SessionUser & { addressId: number }> {
  const id = await makeUser();
  const [u] = await getDb().select().from(users).where(eq(users.id, id));
  return {
    id,
    name: u!.name,
    email: u!.email,
    roles: [],
    permissions: [],
    twoFactor: false,
    addressId: await makeAddress(id, country, state),
  };
}

/** Puts `quantity` of a product in the user's cart (checked). */
export const putInCart = (userId: number, productId: number, quantity = 1, inventoryId?: number) =>
  addToCart({ userId }, parseWith(CartActionSchema, { product_id: productId, quantity, inventory_id: inventoryId }));

/** A parsed order/action body. */
export const orderBody = (body: Record<string, unknown>) => parseWith(OrderActionSchema, { shipping_type: 1, payment_method: 2, ...body });

let v = 0;
/** A voucher running now, with the given terms. */
export async function makeVoucher(over: Partial<typeof vouchers.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(vouchers)
    .values({
      code: `TEST${Date.now().toString(36).toUpperCase()}${++v}`,
      title: 'Test voucher',
      priceType: 1,
      amount: 500,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 86_400_000),
      ...over,
    })
    .returning();
  return row!;
}

export async function stockOf(productId: number): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(getDb(), sql`select stock from products where id = ${productId}`);
  return row!.stock;
}

export async function countRows(table: string, where = sql`true`): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(getDb(), sql`select count(*) as n from ${sql.identifier(table)} where ${where}`);
  return Number(row!.n);
}
