/**
 * Why a social sign-in did not finish. Each reason has a message under `social.error.<reason>`
 * (src/i18n/locales/en/social.json) that /social-callback shows on /login.
 */
export type SocialFailure =
  /** state missing, different from the cookie, or the cookie expired. */
  | 'state'
  /** The person pressed Cancel / refused consent at the provider. */
  | 'denied'
  /** The provider answered the callback with another error. */
  | 'provider'
  /** The code could not be exchanged (reused, expired, wrong client, provider down). */
  | 'exchange'
  /** The token or profile answer was unusable. */
  | 'profile'
  /** The provider shared no email address, and none is linked yet. */
  | 'no_email'
  /** An account with this email exists but the provider did not vouch for the email. */
  | 'email_taken'
  /** The provider is switched off or not configured any more. */
  | 'unavailable'
  /** The linked shop account is disabled. */
  | 'account_disabled';

export class SocialLoginError extends Error {
  constructor(
    readonly reason: SocialFailure,
    detail?: string,
    cause?: unknown,
  ) {
    super(detail ?? reason, cause === undefined ? undefined : { cause });
    this.name = 'SocialLoginError';
  }
}

export const isSocialLoginError = (err: unknown): err is SocialLoginError => err instanceof SocialLoginError;
