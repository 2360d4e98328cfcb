import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { preparedRows } from '@/server/db/prepared';
import { addresses, countries, states, users } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import type { AddressInput } from '@/lib/schemas/account';

export type AddressKind = 'shipping' | 'billing';

export interface Address {
  id: number;
  kind: AddressKind;
  name: string;
  email: string;
  phone: string;
  country: string;
  state: string;
  city: string;
  zip: string;
  address_1: string;
  address_2: string;
  is_default: boolean;
}

type Row = typeof addresses.$inferSelect;
const toAddress = (r: Row): Address => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  email: r.email,
  phone: r.phone,
  country: r.country,
  state: r.state,
  city: r.city,
  zip: r.zip,
  address_1: r.address1,
  address_2: r.address2,
  is_default: r.isDefault,
});

const missing = () => notFound('theAddress');

/** The user's addresses of one kind, the default first, then the newest. */
export async function listAddresses(userId: number, kind: AddressKind): Promise<Address[]> {
  const rows = await getDb()
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.kind, kind)))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map(toAddress);
}

/**
 * All the user's addresses in one read (the checkout pages show both kinds and pick from them), each kind's
 * in listAddresses' order: the default first, then the newest. Planned once on the embedded database.
 */
export async function listAllAddresses(userId: number): Promise<{ shipping: Address[]; billing: Address[] }> {
  const rows = await preparedRows<Address>(
    sql`select id, kind, name, email, phone, country, state, city, zip, address_1, address_2, is_default
        from addresses where user_id = ${userId} order by is_default desc, id desc`,
  );
  return { shipping: rows.filter((a) => a.kind === 'shipping'), billing: rows.filter((a) => a.kind === 'billing') };
}

/** One of the user's own addresses; another user's id is NOT_FOUND. */
export async function getAddress(userId: number, id: number): Promise<Address> {
  const [row] = await getDb()
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw missing();
  return toAddress(row);
}

/**
 * Locks the user's row, so concurrent address writes of one user queue up and exactly one default
 * per kind survives on PostgreSQL (PGlite runs one transaction at a time anyway). Locking the
 * user rather than the addresses also covers a user who has none yet.
 */
async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

const rowsOfKind = (tx: Tx, userId: number, kind: AddressKind) =>
  tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.kind, kind)))
    .orderBy(asc(addresses.id));

/**
 * Creates (no id) or updates (id) one of the user's addresses. The first address of a kind becomes
 * its default; asking for default clears the others of that kind in the same transaction.
 */
export async function saveAddress(userId: number, input: AddressInput, id?: number): Promise<{ address: Address; created: boolean }> {
  return getDb().transaction(async (tx) => {
    await checkPlace(tx, input.country, input.state);
    let kind = input.kind;
    if (id !== undefined) {
      const [own] = await tx
        .select({ kind: addresses.kind })
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
      if (!own) throw missing();
      kind = own.kind;
    }
    await lockUser(tx, userId);
    const existing = await rowsOfKind(tx, userId, kind);
    const values = {
      name: input.name,
      email: input.email,
      phone: input.phone,
      country: input.country,
      state: input.state,
      city: input.city,
      zip: input.zip,
      address1: input.address_1,
      address2: input.address_2,
    };
    const hasDefault = existing.some((r) => r.isDefault && r.id !== id);
    const makeDefault = input.is_default || !hasDefault;
    if (makeDefault) await clearDefault(tx, userId, kind, id);
    let row: Row;
    if (id === undefined) {
      [row] = (await tx
        .insert(addresses)
        .values({ ...values, userId, kind, isDefault: makeDefault })
        .returning()) as [Row];
    } else {
      const current = existing.find((r) => r.id === id);
      if (!current) throw missing();
      [row] = (await tx
        .update(addresses)
        .set({ ...values, isDefault: makeDefault || current.isDefault })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning()) as [Row];
    }
    return { address: toAddress(row), created: id === undefined };
  });
}

/** Makes one of the user's addresses the default of its kind (the others of that kind stop being default). */
export async function setDefaultAddress(userId: number, id: number): Promise<Address> {
  return getDb().transaction(async (tx) => {
    const [own] = await tx
      .select({ kind: addresses.kind })
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!own) throw missing();
    await lockUser(tx, userId);
    await clearDefault(tx, userId, own.kind, id);
    const [row] = await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id)).returning();
    return toAddress(row!);
  });
}

/** Deletes one of the user's addresses; when it was the default, the newest other one of its kind takes over. */
export async function deleteAddress(userId: number, id: number): Promise<void> {
  await getDb().transaction(async (tx) => {
    await lockUser(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!gone) throw missing();
    if (!gone.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.kind, gone.kind)))
      .orderBy(desc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}

const placeError = (field: 'country' | 'state', message: string) =>
  new AppError({ code: 'VALIDATION', message, details: { fields: { [field]: message } } });

/** The country must be one we ship to; the state must be one of its states when it has any. */
async function checkPlace(tx: Tx, country: string, state: string): Promise<void> {
  const [known] = await tx.select({ code: countries.code }).from(countries).where(eq(countries.code, country));
  if (!known) throw placeError('country', 'Please choose a country from the list');
  const list = await tx.select({ code: states.code }).from(states).where(eq(states.countryCode, country));
  if (list.length === 0) return;
  if (!state) throw placeError('state', 'State is required');
  if (!list.some((s) => s.code === state)) throw placeError('state', 'Please choose a state of the chosen country');
}

async function clearDefault(tx: Tx, userId: number, kind: AddressKind, keepId?: number): Promise<void> {
  const others = keepId === undefined ? undefined : ne(addresses.id, keepId);
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.kind, kind), eq(addresses.isDefault, true), others));
}
