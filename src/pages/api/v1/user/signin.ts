import { route } from '../../../../server/http/route';
import { ok } from '../../../../server/http/envelope';
import { readBodyWith } from '../../../../server/http/body';
import { SigninSchema } from '../../../../lib/schemas/auth';
import { signIn } from '../../../../server/users/auth';
import { authContextOf } from '../../../../server/users/request-meta';
import { setSessionCookie } from '../../../../server/users/sessions';

export const ALL = route({
  POST: async (ctx) => {
    const input = await readBodyWith(ctx.request, SigninSchema);
    const signedIn = await signIn(input, authContextOf(ctx));
    setSessionCookie(ctx.cookies, signedIn.token);
    return ok(signedIn, { message: 'You are signed in.' });
  },
});
