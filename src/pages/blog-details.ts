import type { APIRoute } from 'astro';
import { blogPostUrl, blogUrl } from '@/lib/urls';

/** The spec's `/blog-details`: `?slug=x` moves to `/blog/x`, anything else to `/blog` (docs/decisions/0016-blog-routes.md). */
export const GET: APIRoute = ({ url, redirect }) => {
  const slug = url.searchParams.get('slug')?.trim();
  return redirect(slug && slug.length <= 200 ? blogPostUrl({ slug }) : blogUrl(), 301);
};
