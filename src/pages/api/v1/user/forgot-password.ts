import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { readBodyWith } from '@/server/web/body';
import { ForgotPasswordSchema } from '@/lib/schemas/auth';
import { requestPasswordReset, RESET_SENT } from '@/server/auth/reset';
import { authContextOf } from '@/server/web/request-context';

export const ALL = route({
  POST: async (ctx) => {
    const { email } = await readBodyWith(ctx.request, ForgotPasswordSchema);
    await requestPasswordReset(email, authContextOf(ctx));
    return ok({ email }, { message: RESET_SENT });
  },
});
