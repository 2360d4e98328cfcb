import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { deleteBlogPostAction } from '@/server/content/blog-actions';

/** Deletes a post and its other languages: it leaves the storefront at once. */
export const ALL = route({ POST: serveAction(deleteBlogPostAction) });
