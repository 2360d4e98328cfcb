import { asc, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { taxRates } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import type { TaxRateWriteInput } from '@/lib/schemas/settings-admin';

/**
 * Tax rates in the back office (`/admin/tax`): a rate per country, or per state of a country, in basis points
 * (825 = 8.25 %). Checkout reads the table on every quote (checkout/tax.ts), so a saved rate counts on the next
 * request of every process. Shipping stays untaxed (decision 0017).
 */
export interface TaxRateRow {
  id: number;
  country: string;
  state: string | null;
  title: string;
  rate_bp: number;
}

const toRow = (r: typeof taxRates.$inferSelect): TaxRateRow => ({
  id: r.id,
  country: r.countryCode,
  state: r.stateCode,
  title: r.title,
  rate_bp: r.rateBp,
});

const NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.tax.notFound' });
const TAKEN = () =>
  new AppError({ code: 'CONFLICT', message: 'backoffice.tax.taken', details: { fields: { state: 'backoffice.tax.taken' } } });

/** Every rate, by country then state (the country's own rate first). */
export async function listTaxRates(db: Tx = getDb()): Promise<{ items: TaxRateRow[] }> {
  const rows = await db.select().from(taxRates).orderBy(asc(taxRates.countryCode), asc(taxRates.stateCode), asc(taxRates.id));
  return { items: rows.map(toRow).sort((a, b) => a.country.localeCompare(b.country) || (a.state ?? '').localeCompare(b.state ?? '')) };
}

export async function getTaxRate(id: number, db: Tx = getDb()): Promise<TaxRateRow> {
  const [row] = await db.select().from(taxRates).where(eq(taxRates.id, id));
  if (!row) throw NOT_FOUND();
  return toRow(row);
}

async function placeTaken(tx: Tx, input: TaxRateWriteInput): Promise<boolean> {
  const rows = await tx.select().from(taxRates).where(eq(taxRates.countryCode, input.country));
  return rows.some((r) => (r.stateCode ?? null) === input.state && r.id !== input.id);
}

/** Creates a rate, or replaces one; a place has one rate (409 with a message otherwise). */
export async function saveTaxRate(tx: Tx, input: TaxRateWriteInput): Promise<{ before: TaxRateRow | null; after: TaxRateRow }> {
  let before: TaxRateRow | null = null;
  if (input.id) {
    const [row] = await tx.select().from(taxRates).where(eq(taxRates.id, input.id)).for('update');
    if (!row) throw NOT_FOUND();
    before = toRow(row);
  }
  if (await placeTaken(tx, input)) throw TAKEN();
  const values = { countryCode: input.country, stateCode: input.state, title: input.title, rateBp: input.rate_bp };
  const [row] = input.id
    ? await tx.update(taxRates).set(values).where(eq(taxRates.id, input.id)).returning()
    : await tx.insert(taxRates).values(values).returning();
  return { before, after: toRow(row!) };
}

export async function deleteTaxRate(tx: Tx, id: number): Promise<TaxRateRow> {
  const [row] = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning();
  if (!row) throw NOT_FOUND();
  return toRow(row);
}
