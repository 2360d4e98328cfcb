import type { APIRoute } from 'astro';
import { getSettings, putSetting } from '@/server/settings';
import { listSocialLinks } from '@/server/auth/social/accounts';

/**
 * Test-only route (404 unless ENABLE_TEST_ROUTES=1) for the social-login specs.
 * `POST {google_login?, facebook_login?}` flips the shop's switches; `GET` says who this browser is
 * signed in as (through the session cookie, as every page sees it) and which providers are linked.
 */
export const POST: APIRoute = async ({ request }) => {
  if (process.env.ENABLE_TEST_ROUTES !== '1') return new Response(null, { status: 404 });
  const body = (await request.json()) as { google_login?: boolean; facebook_login?: boolean };
  const { setting } = await getSettings();
  await putSetting('setting', {
    ...setting,
    google_login: body.google_login ?? setting.google_login,
    facebook_login: body.facebook_login ?? setting.facebook_login,
  });
  return Response.json({ ok: true });
};

export const GET: APIRoute = async ({ locals }) => {
  if (process.env.ENABLE_TEST_ROUTES !== '1') return new Response(null, { status: 404 });
  const links = locals.user ? await listSocialLinks(locals.user.id) : [];
  return Response.json({ user: locals.user, signedIn: locals.sessionHash !== null, links: links.map((l) => l.provider) });
};
