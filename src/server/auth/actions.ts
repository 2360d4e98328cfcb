import { defineAction } from '@/server/core/action';
import { safeRedirect, withRedirect } from '@/server/core/redirect';
import { signIn as checkPassword, signOut } from '@/server/auth/auth';
import { signUp as createAccount } from '@/server/auth/signup';
import { resendVerifyCode, verifyEmail } from '@/server/auth/verify';
import { PASSWORD_CHANGED, requestPasswordReset, resetPassword as setNewPassword, RESET_SENT } from '@/server/auth/reset';
import { ForgotPasswordSchema, SigninSchema, SignupSchema, UpdatePasswordSchema, VerifySchema } from '@/lib/schemas/auth';
import { z } from 'zod';
import { AppError } from '@/server/core/errors';
import { signedInUser } from '@/server/core/actor';
import { confirmTwoFactor as turnOnTwoFactor, passTwoFactor, startTwoFactorSetup, turnOffOwn } from '@/server/auth/two-factor';
import { TwoFactorCodeSchema } from '@/lib/schemas/backoffice';

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

/** Where a back-office account goes after its second factor passed: where it was going, else the area's home. */
const afterTwoFactor = (body: Record<string, unknown>) => {
  const to = safeRedirect(typeof body.redirect === 'string' ? body.redirect : null);
  return to === '/' ? (body.area === 'seller' ? '/seller' : '/admin') : to;
};

/** Starts setting up two-factor sign-in (a new secret; the security page shows its QR code). */
export const startTwoFactor = defineAction({
  name: 'account.two-factor-start',
  input: z.object({}),
  auth: 'user',
  run: (_input, actor) => startTwoFactorSetup(signedInUser(actor), actor.siteName),
  message: 'backoffice.twoFactor.scan',
  data: ({ secret, uri }) => ({ secret, uri }),
});

/** Confirms the set-up with a code from the app: two-factor sign-in is on; the recovery codes are shown once. */
export const confirmTwoFactor = defineAction({
  name: 'account.two-factor-confirm',
  input: TwoFactorCodeSchema,
  auth: 'user',
  run: ({ code }, actor) => turnOnTwoFactor({ user: signedInUser(actor), ip: actor.ip }, actor.sessionHash, code),
  message: ({ recoveryCodes }, t) => t('backoffice.twoFactor.on', { codes: `\u2066${recoveryCodes.join('  ')}\u2069` }),
  data: ({ recoveryCodes }) => ({ recovery_codes: recoveryCodes }),
});

/** The second factor of a back-office sign-in: a code from the app or a recovery code. */
export const verifyTwoFactor = defineAction({
  name: 'account.two-factor-verify',
  input: TwoFactorCodeSchema,
  auth: 'user',
  run: async ({ code }, actor) => {
    if (!actor.sessionHash) throw new AppError({ code: 'UNAUTHENTICATED', message: 'errors.signIn' });
    return passTwoFactor({ user: signedInUser(actor), ip: actor.ip }, actor.sessionHash, code);
  },
  message: ({ usedRecoveryCode }) => (usedRecoveryCode ? 'backoffice.twoFactor.recoveryUsed' : 'backoffice.twoFactor.passed'),
  back: (_result, _input, body) => afterTwoFactor(body),
});

/** Turns one's own two-factor sign-in off (with a current code), unless the owner requires it. */
export const turnOffOwnTwoFactor = defineAction({
  name: 'account.two-factor-off',
  input: TwoFactorCodeSchema,
  auth: 'user',
  run: ({ code }, actor) => turnOffOwn({ user: signedInUser(actor), ip: actor.ip }, code),
  message: 'backoffice.twoFactor.off',
  data: () => null,
});
