import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { publishBlogPostAction } from '@/server/content/blog-actions';

/** Publishes (`published=1`) or unpublishes a post: the blog, its feed and the sitemap follow at once. */
export const ALL = route({ POST: serveAction(publishBlogPostAction) });
