import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from '@/server/db/schema/common';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** scrypt/argon2id hash; null for accounts made by social login. */
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    status: integer('status').notNull().default(1),
    /** Back-office roles (core/policy.ts): `owner`, `staff`, `seller`; a shopper holds none. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What the owner granted a staff member, from the fixed list of core/policy.ts. */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Base32 TOTP secret once two-factor sign-in is set up; `totp_enabled_at` when it was confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** When the person's data was erased on request (GDPR, backoffice/customers.ts): the row stays for their orders. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    // The staff list: only the few accounts that hold a role.
    index('users_roles_idx')
      .on(t.id)
      .where(sql`cardinality(${t.roles}) > 0`),
    // The customers list (/admin/customers): a search inside name, email and phone at a million accounts…
    index('users_search_trgm_idx').using('gin', sql`(${t.name} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`),
    // …and "signed up between".
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

/** Server-side sessions; the cookie and Bearer token carry a random id whose hash is stored here. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last request seen (kept for back-office accounts, whose sessions end after 12 hours idle). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When this session passed the two-factor check. */
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A guest's random token (the spec's user_token) that owns a cart, wishlist and compare list. */
export const guestTokens = pgTable('guest_tokens', {
  token: text('token').primaryKey(),
  createdAt: createdAt(),
  lastSeenAt: createdAt(),
});

/** Single-use codes and links: email verification, password reset. Only hashes are stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'reset', 'invite'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.kind)],
);

/** Links a social provider account to a user. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oauth_accounts_uq').on(t.provider, t.providerUserId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['shipping', 'billing'] })
      .notNull()
      .default('shipping'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    state: text('state').notNull(),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    address1: text('address_1').notNull(),
    address2: text('address_2').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.kind)],
);

/** A card saved at a gateway: its token, brand, last 4 digits and expiry. Never a card number. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    gatewayToken: text('gateway_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_cards_user_idx').on(t.userId)],
);

/** Single-use recovery codes for two-factor sign-in (hashes only). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** An operator's note on a customer (/admin/customers/{id}); erased with the person. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_notes_user_idx').on(t.userId, t.id)],
);
