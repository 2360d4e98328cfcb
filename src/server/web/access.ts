import type { APIContext, AstroGlobal } from 'astro';
import { must, type Permission, type Scope, type StoresOf } from '@/server/core/policy';
import { storeIdsOfUser } from '@/server/backoffice/members';
import { actorOf } from '@/server/web/request-context';

type Ctx = Pick<APIContext, 'request' | 'url' | 'locals' | 'clientAddress'>;

const perRequest = new WeakMap<object, Promise<readonly number[]>>();

/** The caller's stores, read at most once per request (only when an `own` grant needs them). */
export function storesOfRequest(ctx: Pick<APIContext, 'locals'>): StoresOf {
  return (userId) => {
    let found = perRequest.get(ctx.locals);
    if (!found) {
      found = storeIdsOfUser(userId);
      perRequest.set(ctx.locals, found);
    }
    return found;
  };
}

/** The policy's answer for this request: the scope, or the 401/403 AppError. */
export const mustHere = (ctx: Ctx | AstroGlobal, permission: Permission): Promise<Scope> =>
  must(actorOf(ctx as Ctx), permission, storesOfRequest(ctx));
