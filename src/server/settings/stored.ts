import { eq } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { settings as settingsTable } from '@/server/db/schema';

/**
 * The settings screens' reads and writes of one stored settings value inside the caller's transaction (getSettings
 * may need the pool, which PGlite's one connection holds while the transaction is open). The row is locked until
 * the commit, so two saves of the same screen never lose one another's fields.
 */
export async function storedIn(tx: Tx, key: string): Promise<unknown> {
  const [row] = await tx.select({ value: settingsTable.value }).from(settingsTable).where(eq(settingsTable.key, key)).for('update');
  return row?.value;
}

/** A stored object value (an empty object when there is none or it is not an object). */
export async function storedObjectIn(tx: Tx, key: string): Promise<Record<string, unknown>> {
  const value = await storedIn(tx, key);
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** Writes one settings value (inserted or replaced). */
export async function writeIn(tx: Tx, key: string, value: unknown): Promise<void> {
  await tx
    .insert(settingsTable)
    .values({ key, value })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value, updatedAt: new Date() } });
}
