import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { readBodyWith } from '@/server/web/body';
import { UpdatePasswordSchema } from '@/lib/schemas/auth';
import { PASSWORD_CHANGED, resetPassword } from '@/server/auth/reset';

/** Sets a new password with a reset link's token, or the email and mailed code. */
export const ALL = route({
  POST: async (ctx) => {
    const input = await readBodyWith(ctx.request, UpdatePasswordSchema);
    const { email } = await resetPassword(input, { sessionHash: ctx.locals.sessionHash });
    return ok({ email }, { message: PASSWORD_CHANGED });
  },
});
