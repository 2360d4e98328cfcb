import { defineAction } from '@/server/core/action';
import { safeRedirect, withRedirect } from '@/server/core/redirect';
import { signIn as checkPassword, signOut } from '@/server/auth/auth';
import { signUp as createAccount } from '@/server/auth/signup';
import { resendVerifyCode, verifyEmail } from '@/server/auth/verify';
import { PASSWORD_CHANGED, requestPasswordReset, resetPassword as setNewPassword, RESET_SENT } from '@/server/auth/reset';
import { ForgotPasswordSchema, SigninSchema, SignupSchema, UpdatePasswordSchema, VerifySchema } from '@/lib/schemas/auth';
import { z } from 'zod';

/**
 * Signing in and out, signing up, confirming the address and resetting a password, declared once
 * (served by src/server/web/actions.ts). A plain form carries `redirect` (where the shopper was going);
 * the one redirect rule decides whether it may be followed.
 */

/** Where the shopper goes after confirming their address: a `redirect` they carried, else home. */
const onwardOf = (body: Record<string, unknown>) => safeRedirect(typeof body.redirect === 'string' ? body.redirect : null);

export const RESENT = 'If this address still needs confirming, we have sent a new 6-digit code.';
export const SIGNED_OUT = 'You are signed out.';

export const signIn = defineAction({
  name: 'auth.signin',
  input: SigninSchema,
  auth: 'any',
  run: (input, actor) => checkPassword(input, actor),
  message: () => 'You are signed in.',
  session: ({ token }) => ({ open: token }),
  back: ({ user }, _input, body) =>
    user.email_verified ? onwardOf(body) : withRedirect('/verify-email', onwardOf(body), { email: user.email }),
});

export const signUp = defineAction({
  name: 'auth.signup',
  input: SignupSchema,
  auth: 'any',
  run: (input, actor) => createAccount(input, actor),
  message: ({ user }) => `Your account is ready. We sent a 6-digit code to ${user.email} to confirm the address.`,
  session: ({ token }) => ({ open: token }),
  back: ({ user }, _input, body) => withRedirect('/verify-email', onwardOf(body), { email: user.email }),
});

/** `{email, code}` confirms the address; `{email, resend: true}` mails a new code. */
export const verify = defineAction({
  name: 'auth.verify',
  input: VerifySchema,
  auth: 'any',
  run: async (input, actor) => {
    if (input.resend) {
      await resendVerifyCode(input.email, actor);
      return { resend: true as const, email: input.email };
    }
    return { resend: false as const, email: input.email, user: await verifyEmail(input.email, input.code) };
  },
  message: (r) => (r.resend ? RESENT : 'Your email address is verified.'),
  data: (r) => (r.resend ? { email: r.email, sent: true } : { user: r.user }),
  back: (r, _input, body) => withRedirect('/verify-email', onwardOf(body), r.resend ? { email: r.email, sent: '1' } : { verified: '1' }),
});

export const forgotPassword = defineAction({
  name: 'auth.forgot',
  input: ForgotPasswordSchema,
  auth: 'any',
  run: async ({ email }, actor) => {
    await requestPasswordReset(email, actor);
    return { email };
  },
  message: () => RESET_SENT,
  back: ({ email }) => `/reset-password?email=${encodeURIComponent(email)}`,
});

/** A new password with a reset link's token, or the email and mailed code. */
export const resetPassword = defineAction({
  name: 'auth.reset',
  input: UpdatePasswordSchema,
  auth: 'any',
  run: async (input, actor) => ({ ...(await setNewPassword(input, actor)), signedIn: Boolean(actor.user) }),
  message: () => PASSWORD_CHANGED,
  data: ({ email }) => ({ email }),
  // Someone already signed in stays so (their session was kept); everyone else signs in anew.
  back: ({ signedIn }) => (signedIn ? '/' : '/login?reset=1'),
});

/** Ends the session on the server and clears the cookie. */
export const logOut = defineAction({
  name: 'auth.logout',
  input: z.object({}),
  auth: 'any',
  run: (_input, actor) => signOut(actor.sessionHash),
  message: () => SIGNED_OUT,
  data: () => null,
  back: '/',
  session: () => 'close',
});
