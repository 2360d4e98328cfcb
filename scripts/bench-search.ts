// In-process search timings for `npm run bench` (run before the server starts, on the same database):
// suggestions (the popup) and the results page's service for a mix of typed texts — prefixes, whole
// words, typos, units, two words, a brand, nothing — each remembered count forgotten first, so every
// figure includes the counting. Prints p50/p95; never fails the bench.
import { sql } from 'drizzle-orm';
import { getEnv } from '../src/server/core/env';
import { migrateDatabase, openDatabase, queryRows, setDatabase } from '../src/server/db/client';
import { seedDemoIfEmpty } from '../src/server/demo';
import { suggest } from '../src/server/search/suggestions';
import { searchProducts } from '../src/server/search/results';
import { clearSearchCounts } from '../src/server/search/remember';

const TEXTS = [
  'char',
  'charger',
  'chargr',
  'usb c',
  'usb-c cable',
  'power bank',
  'powr bank',
  'powerbank',
  '65w',
  'cable',
  'cabel',
  'wireless',
  'voltra',
  'smart scale',
  'rc car',
  'toy train',
  'headphones',
  'hdmi',
  'desk lamp',
  'gan charger 100w',
  'earbuds',
  '10000mah',
  'zzqxv',
];
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 5);

const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, pool: 2 });
try {
  await migrateDatabase(database);
  setDatabase(database);
  await database.withLock('voltmart:seed', () => seedDemoIfEmpty(database.db));
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`);
  const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]!;
  const time = async (fn: (text: string) => Promise<unknown>) => {
    for (const text of TEXTS) await fn(text); // warm-up: plans, caches of the database
    const took: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const text of TEXTS) {
        clearSearchCounts();
        const started = performance.now();
        await fn(text);
        took.push(performance.now() - started);
      }
    }
    return `p50 ${pct(took, 0.5).toFixed(1)} ms, p95 ${pct(took, 0.95).toFixed(1)} ms, max ${pct(took, 1).toFixed(1)} ms (${took.length} calls)`;
  };
  console.log(
    `\nSearch inside the process on ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${Number(n)} products, ${TEXTS.length} texts × ${ROUNDS}`,
  );
  console.log(`  suggestions (popup)        ${await time((text) => suggest(text))}   budget p95 ≤ 15 ms`);
  console.log(
    `  results page (20 per page) ${await time((text) => searchProducts(text, { sort: 'relevance', page: 1, perPage: 20 }))}   budget p95 ≤ 60 ms`,
  );
} catch (err) {
  console.log(`search bench stopped early: ${(err as Error).message}`);
} finally {
  await database.close();
}
