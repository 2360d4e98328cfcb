// Throwaway: EXPLAIN ANALYZE queries from a qlog file (one JSON {q,p} per line) on DATA_DIR's embedded database.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const lines = fs.readFileSync(process.argv[2]!, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const pg = await PGlite.create(`${process.env.DATA_DIR}/pg`, { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] });
if (process.argv[3]) await pg.exec(fs.readFileSync(process.argv[3], 'utf8'));
for (const { q, p } of lines) {
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    const r = await pg.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q}`, p ?? []);
    if (i === 1) {
      console.log(`--- ${(performance.now() - t).toFixed(1)} ms: ${q.slice(0, 160).replace(/\s+/g, ' ')}`);
      console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
    }
  }
}
await pg.close();
