import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { blogList, saveBlogPostAction } from '@/server/content/blog-actions';

/** GET `?status=&category=&lang=&cursor=`: posts newest first → `{items, next_cursor}`. POST: a new post (multipart with `image`). */
export const ALL = route({ GET: serveQuery(blogList), POST: serveAction(saveBlogPostAction) });
