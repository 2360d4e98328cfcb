import type { z } from 'zod';
import type { Actor } from '@/server/core/actor';
import type { Permission, Scope } from '@/server/core/policy';
import type { Tx } from '@/server/db/client';

/**
 * Who may run an action: anyone, only a signed-in user (401 / sign-in page), only a guest (sign-in, sign-up),
 * or whoever holds a permission of the policy (`{ can: 'update:product' }`, core/policy.ts): the runner asks
 * the policy and hands the scope to the service. Every back-office action declares one.
 */
export type ActionAuth = 'any' | 'user' | 'guest-only' | { can: Permission };

/** What a caches' topic names: `catalog` (pages, listings, search, API answers), `settings`, `sessions`… (core/invalidation.ts). */
export type CacheTopic = 'catalog' | 'settings' | 'stores' | 'content' | 'sessions';

/** One audit entry as an action describes it (core/audit.ts writes it with who, when and from where). */
export interface AuditRecord {
  entity: string;
  entityId: string | number | null;
  before: object | null;
  after: object | null;
}

/**
 * What a back-office action's service gets besides its input: the scope the policy allows, the transaction its
 * writes and its audit entry share, and `audit` to describe the change (exactly once per run).
 */
export interface Access {
  scope: Scope;
  tx: Tx;
  audit(record: AuditRecord): void;
}

/** What the runner does with the session cookie after the action succeeded. */
export type SessionEffect = { open: string } | 'close' | null;

/** Translates a message key (the request's language). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/**
 * One mutation, declared once in `<domain>/actions.ts` and served by the one runner
 * (src/server/web/actions.ts) to JSON clients, to plain form posts and to enhanced forms.
 * A declaration is plain data plus the service call: no request, no Astro.
 */
export interface ActionDef<S extends z.ZodType = z.ZodType, R = unknown> {
  /** A stable name (`account.password`): the form a failure goes back to is found by it. */
  name: string;
  /** Validates the body merged with the route's params (`{id}`); its messages are the ones people read. */
  input: S;
  auth: ActionAuth;
  /** A multipart body with files: read with the upload limit (one image), or a larger `limit` in bytes (several). */
  upload?: boolean | { limit: number };
  // Method syntax on purpose: a declaration for one schema is still an ActionDef the runner can take.
  /** `access` is given to actions with `auth: { can }` (their scope, transaction and audit). */
  run(input: z.output<S>, actor: Actor, access: Access): Promise<R>;
  /**
   * The caches this action's success makes stale: the runner announces them on every process after the commit
   * (core/invalidation.ts). Required of back-office actions (an empty list says "none", on purpose).
   */
  invalidates?: readonly CacheTopic[];
  /** The success message: a message key, or a function of the result. */
  message: string | ((result: R, t: Translate) => string);
  /** What the JSON envelope's `data` carries; the result itself by default. */
  data?: (result: R) => unknown;
  /** Where a plain form post goes after success; the page the form was on (`_from`) by default. */
  back?: string | ((result: R, input: z.output<S>, body: Record<string, unknown>) => string);
  /** Opens or closes the session cookie after success (sign-in, sign-up, logout, account deletion). */
  session?: (result: R) => SessionEffect;
}

/** Declares an action (typed: `run` gets the schema's output). */
export function defineAction<S extends z.ZodType, R>(def: ActionDef<S, R>): ActionDef<S, R> {
  return def;
}
