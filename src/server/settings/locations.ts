import { asc } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { countries, states } from '@/server/db/schema';

/** Countries with phone codes and their states, for address forms. */
export async function listCountriesAndPhones() {
  const db = getDb();
  const [countryRows, stateRows] = await Promise.all([
    db.select().from(countries).orderBy(asc(countries.name)),
    db.select().from(states).orderBy(asc(states.name)),
  ]);
  return {
    countries: countryRows.map((c) => ({
      code: c.code,
      name: c.name,
      phone_code: c.phoneCode,
      states: stateRows.filter((s) => s.countryCode === c.code).map((s) => ({ code: s.code, name: s.name })),
    })),
    phones: countryRows.map((c) => ({ code: c.code, phone_code: c.phoneCode })),
  };
}
