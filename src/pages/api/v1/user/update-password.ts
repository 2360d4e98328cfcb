import { route } from '../../../../server/http/route';
import { ok } from '../../../../server/http/envelope';
import { readBodyWith } from '../../../../server/http/body';
import { UpdatePasswordSchema } from '../../../../lib/schemas/auth';
import { PASSWORD_CHANGED, resetPassword } from '../../../../server/users/reset';

/** Sets a new password with a reset link's token, or the email and mailed code. */
export const ALL = route({
  POST: async (ctx) => {
    const input = await readBodyWith(ctx.request, UpdatePasswordSchema);
    const { email } = await resetPassword(input, { sessionHash: ctx.locals.sessionHash });
    return ok({ email }, { message: PASSWORD_CHANGED });
  },
});
