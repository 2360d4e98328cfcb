import type { APIRoute } from 'astro';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { createSession } from '@/server/auth/sessions';
import { setSessionCookie } from '@/server/web/session-cookie';

/**
 * Test-only route (404 unless ENABLE_TEST_ROUTES=1): `POST {email, name}` finds or creates a verified
 * user without a password and signs this browser in, so end-to-end specs of signed-in pages need not
 * go through the sign-up flow each time.
 */
export const POST: APIRoute = async ({ request, cookies }) => {
  if (process.env.ENABLE_TEST_ROUTES !== '1') return new Response(null, { status: 404 });
  const { email, name = 'Test Shopper' } = (await request.json()) as { email: string; name?: string };
  const db = getDb();
  let [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user) [user] = await db.insert(users).values({ email, name, emailVerifiedAt: new Date() }).returning({ id: users.id });
  const { token } = await createSession(user!.id);
  setSessionCookie(cookies, token);
  return Response.json({ id: user!.id, token });
};
