import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { blogOne, saveBlogPostAction } from '@/server/content/blog-actions';

/** GET `?lang=`: one post in one language for its editor. POST: saves that language (the default one: every field). */
export const ALL = route({ GET: serveQuery(blogOne), POST: serveAction(saveBlogPostAction) });
