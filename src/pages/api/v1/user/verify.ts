import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { readBodyWith } from '@/server/web/body';
import { VerifySchema } from '@/lib/schemas/auth';
import { resendVerifyCode, verifyEmail } from '@/server/auth/verify';
import { authContextOf } from '@/server/web/request-context';

export const RESENT = 'If this address still needs confirming, we have sent a new 6-digit code.';

/** `{email, code}` confirms the address; `{email, resend: true}` mails a new code. */
export const ALL = route({
  POST: async (ctx) => {
    const input = await readBodyWith(ctx.request, VerifySchema);
    if (input.resend) {
      await resendVerifyCode(input.email, authContextOf(ctx));
      return ok({ email: input.email, sent: true }, { message: RESENT });
    }
    const user = await verifyEmail(input.email, input.code);
    return ok({ user }, { message: 'Your email address is verified.' });
  },
});
