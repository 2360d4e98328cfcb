import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { readBodyWith } from '@/server/web/body';
import { SigninSchema } from '@/lib/schemas/auth';
import { signIn } from '@/server/auth/auth';
import { authContextOf } from '@/server/web/request-context';
import { setSessionCookie } from '@/server/web/session-cookie';

export const ALL = route({
  POST: async (ctx) => {
    const input = await readBodyWith(ctx.request, SigninSchema);
    const signedIn = await signIn(input, authContextOf(ctx));
    setSessionCookie(ctx.cookies, signedIn.token);
    return ok(signedIn, { message: 'You are signed in.' });
  },
});
