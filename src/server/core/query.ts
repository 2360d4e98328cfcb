import type { z } from 'zod';
import type { Actor } from '@/server/core/actor';
import type { Permission, Scope } from '@/server/core/policy';

/**
 * One read of the back office, declared once beside the domain's actions and served the same way to its GET
 * endpoint (`serveQuery`) and to its page (`queryForPage`): the same schema parses the query string, the same
 * permission is asked of the policy, and the service gets the scope to put in its WHERE.
 */
export interface QueryDef<S extends z.ZodType = z.ZodType, R = unknown> {
  name: string;
  /** Parses the query string merged with the route's params; its messages are the ones people read. */
  input: S;
  auth: { can: Permission };
  run(input: z.output<S>, actor: Actor, scope: Scope): Promise<R>;
}

export function defineQuery<S extends z.ZodType, R>(def: QueryDef<S, R>): QueryDef<S, R> {
  return def;
}
