import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { readBodyWith } from '@/server/web/body';
import { SignupSchema } from '@/lib/schemas/auth';
import { signUp } from '@/server/auth/signup';
import { authContextOf } from '@/server/web/request-context';
import { setSessionCookie } from '@/server/web/session-cookie';

export const ALL = route({
  POST: async (ctx) => {
    const input = await readBodyWith(ctx.request, SignupSchema);
    const signedIn = await signUp(input, authContextOf(ctx));
    setSessionCookie(ctx.cookies, signedIn.token);
    return ok(signedIn, { message: `Your account is ready. We sent a 6-digit code to ${signedIn.user.email} to confirm the address.` });
  },
});
