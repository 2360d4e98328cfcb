import type { AstroCookies } from 'astro';
import type { SessionFacts, SessionUser } from '@/server/core/actor';
import { sessionUserOf, SESSION_COOKIE } from '@/server/auth/sessions';

export interface Identity {
  user: SessionUser | null;
  /** The guest's token (the spec's user_token), from the Authorization header or the guest cookie. */
  guestToken: string | null;
  /** Hash of the session id when signed in. */
  sessionHash: string | null;
  /** Facts of that session (two-factor), null for a guest. */
  session: SessionFacts | null;
}

/** A browser without JavaScript keeps its guest token in this cookie instead of localStorage. */
export const GUEST_COOKIE = 'frontend_guest';
/** What a guest token looks like: random, URL-safe, 16–128 characters. */
export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

const bearerOf = (request: Request) => {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
};

/**
 * Who is asking: a signed-in user (session cookie, or a Bearer session token for API clients),
 * and/or a guest token (a Bearer token that is not a session, or the guest cookie).
 */
export async function resolveIdentity(request: Request, cookies: AstroCookies): Promise<Identity> {
  const cookieToken = cookies.get(SESSION_COOKIE)?.value ?? null;
  const bearer = bearerOf(request);
  for (const token of [cookieToken, bearer]) {
    if (!token) continue;
    const found = await sessionUserOf(token);
    if (found) {
      const { sessionHash, twoFactorAt, ...user } = found;
      return { user, sessionHash, session: { twoFactorAt }, guestToken: guestTokenOf(bearer === token ? null : bearer, cookies) };
    }
  }
  return { user: null, sessionHash: null, session: null, guestToken: guestTokenOf(bearer, cookies) };
}

/**
 * The guest cookie wins over a Bearer guest token: pages only see the cookie, so a browser that has one
 * must find the same cart through its scripts' calls (the cart gives a Bearer-only browser the cookie).
 */
function guestTokenOf(bearer: string | null, cookies: AstroCookies): string | null {
  const cookie = cookies.get(GUEST_COOKIE)?.value;
  if (cookie && GUEST_TOKEN_PATTERN.test(cookie)) return cookie;
  return bearer && GUEST_TOKEN_PATTERN.test(bearer) ? bearer : null;
}
