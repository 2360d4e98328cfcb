/** Which database integration tests run on: `pglite` (default) or `postgres` (TEST_DB=postgres). */
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
/** Admin URL of the PostgreSQL server used when TEST_DB=postgres. */
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
