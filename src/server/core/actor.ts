import { accountHolder, type Role } from '@/server/core/policy';

/** Who is signed in: the part of a user every request knows. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  /** Back-office roles (`owner`, `staff`, `seller`; core/policy.ts); none for a shopper. */
  roles: readonly Role[];
  /** What the owner granted a staff member. */
  permissions: readonly string[];
  /** Two-factor sign-in is set up for this account. */
  twoFactor: boolean;
}

/** What the request's session says beyond its user (the back office's checks read it). */
export interface SessionFacts {
  /** When this session passed the two-factor check, if it did. */
  twoFactorAt: number | null;
}

/**
 * Who asks, as the domains see it: plain values the web layer reads off the request once
 * (src/server/web/request-context.ts). Nothing here knows about HTTP.
 */
export interface Actor {
  user: SessionUser | null;
  /** The guest's token (the spec's user_token): guest cart, wishlist and compare list. */
  guestToken: string | null;
  /** True when this request made the guest's token (no cart, wishlist or list can hold it yet). */
  freshGuestToken?: boolean;
  /** Hash of the session the request carries: replaced on sign-in, kept on password change. */
  sessionHash: string | null;
  /** Facts of that session (two-factor), null for a guest. */
  session?: SessionFacts | null;
  ip: string;
  userAgent: string | null;
  lang: string;
  /** Origin for links in mail: configuration only, never the request's Host. */
  origin: string;
  siteName: string;
}

/** What the sign-in services need (everything but the user, whom they are about to find). */
export type AuthContext = Omit<Actor, 'user'>;

/** The signed-in user of an action that needs one; a guest gets the 401 every client understands. */
export function signedInUser(actor: Pick<Actor, 'user'>): SessionUser {
  return accountHolder(actor.user);
}
