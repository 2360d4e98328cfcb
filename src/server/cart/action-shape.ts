import type { z } from 'zod';

/**
 * The shape of one declared mutation (web-layer.md, phase 2). Until `@/server/core/action` lands this
 * local stand-in keeps the declarations in that shape; switching is an import change.
 */
export interface Actor {
  user: { id: number; name: string; email: string } | null;
  guestToken: string | null;
  lang: string;
}

export interface ActionDeclaration<S extends z.ZodType, R> {
  input: S;
  auth: 'user' | 'guest-or-user' | 'guest-only' | 'any';
  run: (input: z.infer<S>, actor: Actor) => Promise<R>;
  /** i18n key of the success message, or a function of the input and result. */
  message: string | ((result: R, input: z.infer<S>) => string);
  /** Where a no-JavaScript form post goes after success (default: the page it came from). */
  back?: string | ((result: R, input: z.infer<S>) => string | undefined);
}

export const defineAction = <S extends z.ZodType, R>(declaration: ActionDeclaration<S, R>) => declaration;
