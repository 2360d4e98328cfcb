import postgres from 'postgres';

/**
 * The install wizard's database step (spec: `POST api/v1/install/set-database`): can this PostgreSQL
 * URL hold the shop? Each failure has its own message saying what to do. The wizard's pages and
 * routes are not built yet (docs/decisions/0019); this is the check they will call.
 */
export type DatabaseProblem = 'invalid' | 'unreachable' | 'wrong_password' | 'no_user' | 'no_database' | 'too_old' | 'not_empty';

export interface DatabaseCheck {
  ok: boolean;
  problem?: DatabaseProblem;
  message: string;
  /** Server version, e.g. "16.4", when it answered. */
  version?: string;
  /** True when the database already holds a Voltmart shop (its migrations table): it will be reused. */
  existingShop?: boolean;
}

/** Oldest PostgreSQL the migrations run on (UNIQUE NULLS NOT DISTINCT, migration 0004, is 15's). */
export const MIN_POSTGRES = 15;

/** Where a URL points, for messages (never with its password). */
function describe(url: URL): { where: string; user: string; database: string } {
  return {
    where: `${url.hostname || 'localhost'}:${url.port || '5432'}`,
    user: decodeURIComponent(url.username || 'postgres'),
    database: decodeURIComponent(url.pathname.replace(/^\//, '') || url.username || 'postgres'),
  };
}

/** The message for a connection error (node network codes, PostgreSQL SQLSTATEs). */
export function classifyConnectionError(err: { code?: string; message?: string }, url: URL): DatabaseCheck {
  const { where, user, database } = describe(url);
  switch (err.code) {
    case '28P01':
      return {
        ok: false,
        problem: 'wrong_password',
        message: `PostgreSQL at ${where} refused the password for user "${user}". Check the password in the URL (special characters must be percent-encoded).`,
      };
    case '28000':
      return {
        ok: false,
        problem: 'no_user',
        message: `PostgreSQL at ${where} does not let user "${user}" in (no such user, or pg_hba.conf refuses this machine). Create it: createuser --pwprompt ${user}.`,
      };
    case '3D000':
      return {
        ok: false,
        problem: 'no_database',
        message: `There is no database "${database}" on PostgreSQL at ${where}. Create an empty one first: createdb ${database}.`,
      };
    default:
      return {
        ok: false,
        problem: 'unreachable',
        message: `Could not reach PostgreSQL at ${where} (${err.code ?? err.message ?? 'no answer'}). Is it running, listening on that address (listen_addresses) and not blocked by a firewall?`,
      };
  }
}

/** The message when the server is older than MIN_POSTGRES (server_version_num, e.g. 140011), or undefined. */
export function versionProblem(versionNum: number, version: string): DatabaseCheck | undefined {
  if (Math.floor(versionNum / 10_000) >= MIN_POSTGRES) return undefined;
  return {
    ok: false,
    problem: 'too_old',
    version,
    message: `PostgreSQL ${version} is too old: Voltmart needs PostgreSQL ${MIN_POSTGRES} or newer. Upgrade the server or use the embedded database.`,
  };
}

/** Connects to `raw` and checks reachability, credentials, version and that the database is empty (or already a Voltmart shop). */
export async function checkPostgres(raw: string): Promise<DatabaseCheck> {
  let url: URL;
  try {
    url = new URL(raw);
    if (!/^postgres(ql)?:$/.test(url.protocol)) throw new Error('not postgres');
  } catch {
    return {
      ok: false,
      problem: 'invalid',
      message: 'This is not a PostgreSQL URL: write it as postgres://user:password@host:5432/database.',
    };
  }
  const sql = postgres(raw, { max: 1, connect_timeout: 5, idle_timeout: 1, onnotice: () => {} });
  try {
    let row: { num: number; version: string; tables: number; ours: boolean } | undefined;
    try {
      [row] = await sql<{ num: number; version: string; tables: number; ours: boolean }[]>`
        select current_setting('server_version_num')::int as num, current_setting('server_version') as version,
               (select count(*)::int from information_schema.tables where table_schema = 'public') as tables,
               exists (select 1 from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations') as ours`;
    } catch (err) {
      return classifyConnectionError(err as { code?: string; message?: string }, url);
    }
    const version = row!.version.split(' ')[0]!;
    const old = versionProblem(row!.num, version);
    if (old) return old;
    if (row!.ours)
      return {
        ok: true,
        version,
        existingShop: true,
        message: `PostgreSQL ${version} holds a Voltmart shop already: it will be used as it is.`,
      };
    if (row!.tables > 0) {
      const { database } = describe(url);
      return {
        ok: false,
        problem: 'not_empty',
        version,
        message: `The database "${database}" is not empty (${row!.tables} tables that are not Voltmart's). Use an empty database: createdb voltmart.`,
      };
    }
    return { ok: true, version, existingShop: false, message: `PostgreSQL ${version} answered and the database is empty.` };
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}
