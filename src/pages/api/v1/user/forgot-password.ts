import { route } from '../../../../server/http/route';
import { ok } from '../../../../server/http/envelope';
import { readBodyWith } from '../../../../server/http/body';
import { ForgotPasswordSchema } from '../../../../lib/schemas/auth';
import { requestPasswordReset, RESET_SENT } from '../../../../server/users/reset';
import { authContextOf } from '../../../../server/users/request-meta';

export const ALL = route({
  POST: async (ctx) => {
    const { email } = await readBodyWith(ctx.request, ForgotPasswordSchema);
    await requestPasswordReset(email, authContextOf(ctx));
    return ok({ email }, { message: RESET_SENT });
  },
});
