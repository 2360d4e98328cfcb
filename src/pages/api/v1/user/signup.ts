import { route } from '../../../../server/http/route';
import { ok } from '../../../../server/http/envelope';
import { readBodyWith } from '../../../../server/http/body';
import { SignupSchema } from '../../../../lib/schemas/auth';
import { signUp } from '../../../../server/users/signup';
import { authContextOf } from '../../../../server/users/request-meta';
import { setSessionCookie } from '../../../../server/users/sessions';

export const ALL = route({
  POST: async (ctx) => {
    const input = await readBodyWith(ctx.request, SignupSchema);
    const signedIn = await signUp(input, authContextOf(ctx));
    setSessionCookie(ctx.cookies, signedIn.token);
    return ok(signedIn, { message: `Your account is ready. We sent a 6-digit code to ${signedIn.user.email} to confirm the address.` });
  },
});
