import { integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '@/server/db/schema/common';
import { users } from '@/server/db/schema/users';

export const stores = pgTable('stores', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  logo: text('logo'),
  banner: text('banner'),
  description: text('description').notNull().default(''),
  rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  status: integer('status').notNull().default(1),
  createdAt: createdAt(),
});

/** A seller account: applies by email, is approved, then owns a store. */
export const sellers = pgTable('sellers', {
  id: id(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  phone: text('phone'),
  shopName: text('shop_name').notNull(),
  /** pending → verified (email) → approved. */
  status: text('status', { enum: ['pending', 'verified', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  createdAt: createdAt(),
});

export const storeFollowers = pgTable(
  'store_followers',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] })],
);
