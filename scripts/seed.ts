// `npm run seed -- --products 100000`: migrates the configured database (DATA_DIR or DATABASE_URL),
// loads the demo shop when it is empty, then grows the catalog to the given number of products.
// Stop the server first when using the embedded database: it belongs to one process.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { getEnv } from '../src/server/core/env';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { seedDemoIfEmpty } from '../src/server/demo';
import { growCatalog } from '../src/server/demo/scale';

const { values } = parseArgs({ options: { products: { type: 'string' } } });
const target = Number(values.products ?? 0);
if (!Number.isInteger(target) || target < 0) {
  console.error('Usage: npm run seed -- --products <count>   (a whole number, e.g. 100000)');
  process.exit(2);
}

const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, pool: 2 });
try {
  await migrateDatabase(database);
  if (await database.withLock('voltmart:seed', () => seedDemoIfEmpty(database.db))) console.log('Loaded the demo shop.');
  const started = Date.now();
  let last = 0;
  const added = await growCatalog(database.db, target, (done, total) => {
    if (done - last >= 10_000 || done === total) {
      last = done;
      console.log(`  ${done} / ${total} products`);
    }
  });
  console.log(
    added
      ? `Added ${added} products in ${((Date.now() - started) / 1000).toFixed(1)} s.`
      : `The catalog already has ${target} or more products.`,
  );
  // Fresh statistics, so the planner knows how common each search word is, and the pages marked all-visible, so a
  // listing's count reads an index (the embedded database has no autovacuum; the server vacuums it hourly).
  await database.db.execute(sql`vacuum (analyze)`);
} finally {
  await database.close();
}
