import type { AstroCookies } from 'astro';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
}

export interface Identity {
  user: SessionUser | null;
  /** The guest's token (the spec's user_token), from the Authorization header or cookie. */
  guestToken: string | null;
  /** Hash of the session id when signed in. */
  sessionHash: string | null;
}

/** Who is asking: a signed-in user (session cookie or Bearer token), a guest token, or nobody. */
export async function resolveIdentity(_request: Request, _cookies: AstroCookies): Promise<Identity> {
  return { user: null, guestToken: null, sessionHash: null };
}
