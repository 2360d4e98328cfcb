import type { APIRoute } from 'astro';
import { placeCheckout } from '@/test-only/checkout';

/**
 * Test-only route (404 unless ENABLE_TEST_ROUTES=1): `POST {totals, method, gateway, currency?}` places
 * a checkout for the signed-in user as order/action would (orders + one pending payments row), so the
 * pay page's end-to-end specs do not depend on the checkout pages.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  if (process.env.ENABLE_TEST_ROUTES !== '1' || !locals.user) return new Response(null, { status: 404 });
  const spec = (await request.json()) as { totals: number[]; method: number; gateway: string; currency?: string };
  const placed = await placeCheckout({ ...spec, userId: locals.user.id });
  return Response.json(placed);
};
