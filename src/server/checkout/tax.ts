import { sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { rowsOn } from '@/server/db/prepared';

export interface TaxRate {
  title: string;
  /** Basis points: 825 = 8.25 %. */
  rate_bp: number;
}

const NONE: TaxRate = { title: 'Tax', rate_bp: 0 };

/** The rate for a place: the state's row first, then the country's (state_code null); none → 0. */
export async function taxRateFor(db: Tx, country: string | null, state: string | null): Promise<TaxRate> {
  if (!country) return NONE;
  const [row] = await rowsOn<TaxRate>(
    db,
    sql`select title, rate_bp from tax_rates
        where country_code = ${country} and (state_code = ${state ?? ''} or state_code is null)
        order by state_code is null limit 1`,
  );
  return row ?? NONE;
}
