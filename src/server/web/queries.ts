import type { APIContext, AstroGlobal } from 'astro';
import type { z } from 'zod';
import type { QueryDef } from '@/server/core/query';
import { parseWith } from '@/server/core/validation';
import { isAppError } from '@/server/core/errors';
import { ok } from '@/server/web/envelope';
import { actorOf } from '@/server/web/request-context';
import { mustHere } from '@/server/web/access';

type Ctx = Pick<APIContext, 'request' | 'url' | 'locals' | 'clientAddress' | 'params'>;

/** Runs a declared query for this request: parse the query string and params, ask the policy, run with the scope. */
export async function runQuery<S extends z.ZodType, R>(
  ctx: Ctx | AstroGlobal,
  query: QueryDef<S, R>,
  extra: Record<string, unknown> = {},
): Promise<R> {
  const scope = await mustHere(ctx, query.auth.can);
  const actor = actorOf(ctx as Ctx);
  const raw = { ...queryObject(ctx.url.searchParams), ...definedParams(ctx.params), ...extra };
  return query.run(parseWith(query.input, raw, actor.lang), actor, scope);
}

/** A GET endpoint for a declared query: `export const ALL = route({ GET: serveQuery(listAudit) })`. */
export const serveQuery =
  <S extends z.ZodType, R>(query: QueryDef<S, R>, data: (result: R) => unknown = (r) => r) =>
  async (ctx: APIContext): Promise<Response> =>
    ok(data(await runQuery(ctx, query)));

/** `?a=1&b=2&b=3` as `{a: '1', b: ['2', '3']}` (a repeated key is a list). */
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
}

const definedParams = (params: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));

/** What a back-office page got from its query: the data, or the status and message to show instead. */
export type PageResult<R> = { ok: true; data: R } | { ok: false; status: number; message: string };

/**
 * A page's declared query: its result, or (a 404, a filter that does not parse) the status set on the page and
 * the message to show in the frame. Refusals of the policy are thrown on (the area guard answers them first).
 */
export async function queryForPage<S extends z.ZodType, R>(
  Astro: AstroGlobal,
  query: QueryDef<S, R>,
  extra: Record<string, unknown> = {},
): Promise<PageResult<R>> {
  try {
    return { ok: true, data: await runQuery(Astro, query, extra) };
  } catch (err) {
    if (!isAppError(err) || err.code === 'UNAUTHENTICATED' || err.code === 'FORBIDDEN' || err.httpStatus >= 500) throw err;
    Astro.response.status = err.httpStatus;
    return { ok: false, status: err.httpStatus, message: err.localized(Astro.locals.t).message };
  }
}
