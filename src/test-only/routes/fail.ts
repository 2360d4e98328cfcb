import type { APIRoute } from 'astro';
import { AppError } from '@/server/core/errors';

/**
 * Test-only route (404 unless ENABLE_TEST_ROUTES=1): `?what=page` throws inside a page render to show
 * the SORRY page; `?what=error-page` also breaks the error page to show the last-resort fallback.
 */
export const GET: APIRoute = ({ url, locals }) => {
  if (process.env.ENABLE_TEST_ROUTES !== '1') {
    return new Response(null, { status: 404 });
  }
  if (url.searchParams.get('what') === 'error-page') {
    // The error page reads settings from locals; taking them away makes it fail.
    Object.defineProperty(locals, 'settings', {
      get: () => {
        throw new Error('settings unavailable');
      },
      configurable: true,
    });
  }
  throw new AppError({ code: 'INTERNAL', message: 'Test failure' });
};
