import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/server/db/client';
import { createSession } from '@/server/auth/sessions';

export interface Buyer {
  userId: number;
  token: string;
  addressId: number;
  key: string;
}

/**
 * `count` buyers, each with one unit of one product checked in their cart and a session token; the
 * product's stock is set to `stock`. Written straight into the database while no server holds it.
 */
export async function prepareBuyers(db: Db, tag: string, count: number, stock: number): Promise<{ productId: number; buyers: Buyer[] }> {
  const [product] = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p where p.status = 1 and not exists (select 1 from inventories i where i.product_id = p.id) order by p.id limit 1`,
  );
  const productId = product!.id;
  await db.execute(sql`update products set stock = ${stock}, max_per_order = 0 where id = ${productId}`);
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i++) {
    const [user] = await queryRows<{ id: number }>(
      db,
      sql`insert into users (name, email) values (${`Crash ${i}`}, ${`crash-${tag}-${i}@example.com`}) returning id`,
    );
    const userId = user!.id;
    const [address] = await queryRows<{ id: number }>(
      db,
      sql`insert into addresses (user_id, name, email, phone, country, state, city, zip, address_1)
          values (${userId}, 'Crash', 'crash@example.com', '555-123-4567', 'US', 'CA', 'Fresno', '93650', '1 Main St') returning id`,
    );
    const [cart] = await queryRows<{ id: number }>(db, sql`insert into carts (user_id) values (${userId}) returning id`);
    await db.execute(sql`insert into cart_lines (cart_id, product_id, quantity, selected) values (${cart!.id}, ${productId}, 1, 1)`);
    const { token } = await createSession(userId, {}, db);
    buyers.push({ userId, token, addressId: address!.id, key: `crash-${tag}-${i}-key` });
  }
  return { productId, buyers };
}

/** What must hold after any number of crashes: every order whole or absent, and no unit lost or made up. */
export async function checkInvariants(db: Db, productId: number, startingStock: number, buyers: Buyer[]) {
  const [stock] = await queryRows<{ stock: number }>(db, sql`select stock from products where id = ${productId}`);
  const [ordered] = await queryRows<{ n: string | number | null }>(
    db,
    sql`select coalesce(sum(quantity), 0) as n from order_lines where product_id = ${productId}`,
  );
  const ids = buyers.map((b) => b.userId);
  const userList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // Orders without lines or history, purchases without exactly one payment row of the right amount.
  const broken = await queryRows<{ order_no: string }>(
    db,
    sql`select o.order_no from orders o where o.user_id in (${userList}) and (
          not exists (select 1 from order_lines l where l.order_id = o.id)
          or not exists (select 1 from order_status_history h where h.order_id = o.id)
          or (select count(*) from payments p where p.order_no = o.order_no) <> 1
          or (select p.amount from payments p where p.order_no = o.order_no limit 1) <> (select sum(x.total) from orders x where x.order_no = o.order_no))`,
  );
  // A buyer has either an order or the cart line, never both and never neither.
  const both = await queryRows<{ user_id: number }>(
    db,
    sql`select u.id as user_id from users u where u.id in (${userList}) and
          (exists (select 1 from orders o where o.user_id = u.id)) =
          (exists (select 1 from cart_lines l join carts c on c.id = l.cart_id where c.user_id = u.id))`,
  );
  const [orders] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from orders where user_id in (${userList})`);
  const ordering = await queryRows<{ user_id: number }>(db, sql`select distinct user_id from orders where user_id in (${userList})`);
  return {
    stock: stock!.stock,
    ordered: Number(ordered!.n),
    orders: Number(orders!.n),
    sumMatches: stock!.stock + Number(ordered!.n) === startingStock,
    broken: broken.map((b) => b.order_no),
    buyersInBothOrNeither: both.map((b) => b.user_id),
    usersWithOrders: new Set(ordering.map((r) => r.user_id)),
  };
}
