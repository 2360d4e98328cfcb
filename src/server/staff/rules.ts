import { settings as settingsTable } from '@/server/db/schema';
import { eq } from 'drizzle-orm';
import type { Access } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { SettingsSchema } from '@/lib/schemas/settings';

/** The owner's rule that every staff and seller account signs in with two factors. */
export async function setRequireTwoFactor(
  input: { require_two_factor: boolean },
  _actor: Actor,
  { tx, audit }: Access,
): Promise<{ require_two_factor: boolean }> {
  const [row] = await tx
    .select({ value: settingsTable.value })
    .from(settingsTable)
    .where(eq(settingsTable.key, 'back_office'))
    .for('update');
  const before = SettingsSchema.shape.back_office.parse(row?.value ?? {});
  const after = { ...before, require_two_factor: input.require_two_factor };
  await tx
    .insert(settingsTable)
    .values({ key: 'back_office', value: after })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value: after, updatedAt: new Date() } });
  audit({ entity: 'setting', entityId: 'back_office', before, after });
  return after;
}
