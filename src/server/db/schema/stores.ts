import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
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
  /** 1 open, 0 suspended by the operator (its products leave the storefront until it is reinstated). */
  status: integer('status').notNull().default(1),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspendedReason: text('suspended_reason'),
  /** An order of this store whose goods reach this amount (minor units) ships free; 0 = never. */
  freeShippingMin: integer('free_shipping_min').notNull().default(0),
  /** The day the store says it opened (the storefront's "since"); null: the day it was created. */
  openedOn: date('opened_on'),
  /** Where shoppers may collect orders, one place a line (the seller's store profile). */
  pickupPoints: text('pickup_points').notNull().default(''),
  /** Where returned goods are sent. */
  returnAddress: text('return_address'),
  /** A name and slug the seller asked for, waiting for the operator's approval (both null: nothing waits). */
  pendingName: text('pending_name'),
  pendingSlug: text('pending_slug'),
  nameRequestedAt: timestamp('name_requested_at', { withTimezone: true }),
  /** Why the operator refused the last name change (shown to the seller until they ask again). */
  nameRefusedReason: text('name_refused_reason'),
  /** The shop's commission on this store's sales in basis points (1000 = 10 %); null = the shop's default. */
  commissionRateBp: integer('commission_rate_bp'),
  createdAt: createdAt(),
});

/** A store's former slugs: the storefront answers them with a permanent redirect to the current one. */
export const storeSlugRedirects = pgTable(
  'store_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('store_slug_redirects_store_idx').on(t.storeId)],
);

/** A seller account: applies by email, is approved, then owns a store. */
export const sellers = pgTable(
  'sellers',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    phone: text('phone'),
    shopName: text('shop_name').notNull(),
    address: text('address'),
    /** scrypt hash; becomes the seller's account password on approval. */
    passwordHash: text('password_hash'),
    /** Hash of the e-mailed verification code, its expiry and the wrong guesses so far. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Why the operator refused the application (mailed to the applicant). */
    refusedReason: text('refused_reason'),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    /** pending → verified (email) → approved. */
    status: text('status', { enum: ['pending', 'verified', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sellers_shop_name_uq').on(sql`lower(${t.shopName})`)],
);

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

/** The stores a seller account works for: its `own` scope in the back office (core/policy.ts). */
export const storeMembers = pgTable(
  'store_members',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `owner` (the seller who opened the store), or a member the owner invited: `orders` (orders only) or `store` (everything but the team). */
    role: text('role', { enum: ['owner', 'orders', 'store'] })
      .notNull()
      .default('owner'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] }), index('store_members_user_idx').on(t.userId)],
);
