import type { APIRoute } from 'astro';
import { blogUrl } from '@/lib/urls';

/** The spec's `/test-blog`: a permanent move to `/blog` (docs/decisions/0016-blog-routes.md). */
export const GET: APIRoute = ({ redirect }) => redirect(blogUrl(), 301);
