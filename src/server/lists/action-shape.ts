import type { z } from 'zod';

/**
 * The declaration shape of the planned action runner (web-layer.md, phase 2), kept here until
 * `@/server/core/action`'s defineAction lands: then `defineAction` below is replaced by that import.
 */
export interface Actor {
  user: { id: number; name: string; email: string } | null;
  guestToken: string | null;
}

export interface ActionSpec<S extends z.ZodType, R> {
  input: S;
  auth: 'user' | 'guest-or-user' | 'guest-only' | 'any';
  run: (input: z.infer<S>, actor: Actor) => Promise<R>;
  /** i18n key of the success message, or a function of the result. */
  message: string | ((result: R) => string);
  back?: string;
}

export const defineAction = <S extends z.ZodType, R>(spec: ActionSpec<S, R>): ActionSpec<S, R> => spec;

/** The signed-in user of an action declared with auth 'user' (the runner has already answered 401 for guests). */
export function userOf(actor: Actor): { id: number } {
  if (!actor.user) throw new Error('auth "user" actions run for signed-in users only');
  return actor.user;
}
