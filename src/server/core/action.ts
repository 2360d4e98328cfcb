import type { z } from 'zod';
import type { Actor } from '@/server/core/actor';

/** Who may run an action: anyone, only a signed-in user (401 / sign-in page), or only a guest (sign-in, sign-up). */
export type ActionAuth = 'any' | 'user' | 'guest-only';

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
  run(input: z.output<S>, actor: Actor): Promise<R>;
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
