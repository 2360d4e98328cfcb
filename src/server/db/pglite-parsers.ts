/**
 * Drizzle's PGlite driver keeps dates, times, intervals and numeric arrays as the text PostgreSQL sends
 * by passing its own parsers with every query, and PGlite merges a query's parsers into its table of
 * some 300 on every query (`{ ...instance, ...query }`): about 270 µs a query on this machine, as much
 * as running a small prepared statement. So the embedded database is created with those very parsers,
 * and a query's own are dropped when they are exactly those: the same values, without the merge.
 */
const AS_TEXT_OIDS = [
  1114, // timestamp
  1184, // timestamptz
  1186, // interval
  1082, // date
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const AS_TEXT = (value: string) => value;
export const AS_TEXT_PARSERS: Record<number, (value: string) => unknown> = Object.fromEntries(AS_TEXT_OIDS.map((oid) => [oid, AS_TEXT]));

type Options = { parsers?: Record<string, unknown> } & Record<string, unknown>;
interface Queries {
  query(text: string, params?: unknown[], options?: Options): Promise<unknown>;
}
interface Client extends Queries {
  transaction<T>(fn: (tx: Queries) => Promise<T>): Promise<T>;
}

/** True when a query's parsers only keep as text what the instance keeps as text already. */
const onlyAsText = (parsers: Record<string, unknown>) => Object.keys(parsers).every((oid) => AS_TEXT_PARSERS[Number(oid)] !== undefined);

function dropSameParsers(target: Queries): void {
  const query = target.query.bind(target);
  target.query = (text, params, options) => {
    if (options?.parsers && onlyAsText(options.parsers)) {
      const { parsers: _same, ...rest } = options;
      return query(text, params, rest);
    }
    return query(text, params, options);
  };
}

/** Makes `client` (created with AS_TEXT_PARSERS) skip the merge for drizzle's queries, in transactions too. */
export function withoutParserMerge(client: Client): void {
  dropSameParsers(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      dropSameParsers(tx);
      return fn(tx);
    });
}
