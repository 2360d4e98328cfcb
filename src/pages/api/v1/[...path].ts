import type { APIRoute } from 'astro';
import { fail } from '@/server/web/envelope';
import { AppError } from '@/server/core/errors';

/** Any path under api/v1/ that no endpoint serves: a 404 envelope, never the HTML page. */
export const ALL: APIRoute = ({ url, locals }) =>
  fail(new AppError({ code: 'NOT_FOUND', message: 'errors.noEndpoint', vars: { path: url.pathname } }), locals.t);
