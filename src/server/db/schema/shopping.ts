import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from '@/server/db/schema/common';
import { inventories, products } from '@/server/db/schema/catalog';
import { users } from '@/server/db/schema/users';

/** A cart belongs to a user or to a guest token, never both. */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestToken: text('guest_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carts_user_uq').on(t.userId),
    uniqueIndex('carts_guest_uq').on(t.guestToken),
    check('carts_owner_ck', sql`(${t.userId} is null) <> (${t.guestToken} is null)`),
  ],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    id: id(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** 1 checked, 2 unchecked (the spec's values). */
    selected: integer('selected').notNull().default(1),
    shippingPlaceId: integer('shipping_place_id'),
    createdAt: createdAt(),
  },
  (t) => [index('cart_lines_cart_idx').on(t.cartId), check('cart_lines_quantity_ck', sql`${t.quantity} > 0`)],
);

/** Wishlist and compare list rows, owned by a user or a guest token (joined on sign-in). */
export const wishlists = pgTable(
  'wishlists',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestToken: text('guest_token'),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wishlists_user_uq').on(t.userId, t.productId), uniqueIndex('wishlists_guest_uq').on(t.guestToken, t.productId)],
);

export const compareLists = pgTable(
  'compare_lists',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestToken: text('guest_token'),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('compare_lists_user_uq').on(t.userId, t.productId),
    uniqueIndex('compare_lists_guest_uq').on(t.guestToken, t.productId),
  ],
);
