import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { runAfterAnswer } from '@/server/core/background';
import { BlogListQuerySchema, BlogPostIdSchema, BlogPostOneSchema, BlogPostWriteSchema, BlogPublishSchema } from '@/lib/schemas/blog-admin';
import { deletePost, getPostForEditor, listPostsForEditor, savePost, setPostPublished } from '@/server/content/blog-manage';
import { PICTURE_MAX_BYTES, preparePictures, removePictures } from '@/server/uploads/product-pictures';
import { fileOf } from '@/server/uploads/images';

/**
 * Blog posts per language in the back office (`/admin/blog`, `api/v1/admin/blog`). The blog, its feed and the
 * sitemap are kept pages: every action announces `content` and `catalog`, so every process forgets them at once.
 */

export const blogList = defineQuery({
  name: 'blog.list',
  input: BlogListQuerySchema,
  auth: { can: 'update:content' },
  run: (input) => listPostsForEditor(input),
});

export const blogOne = defineQuery({
  name: 'blog.one',
  input: BlogPostOneSchema,
  auth: { can: 'update:content' },
  run: ({ id, lang }) => getPostForEditor(id, lang),
});

/** Creates (`POST api/v1/admin/blog`) or saves one language of (`…/blog/{id}`) a post; multipart with its cover `image`. */
export const saveBlogPostAction = defineAction({
  name: 'blog.save',
  input: BlogPostWriteSchema,
  auth: { can: 'update:content' },
  upload: { limit: PICTURE_MAX_BYTES + 512 * 1024 },
  invalidates: ['content', 'catalog'],
  run: async (input, _actor, { tx, audit }) => {
    const file = fileOf(input.image);
    const [picture] = file ? await preparePictures([file]) : [];
    const { before, after, replaced } = await savePost(tx, input, picture ?? null);
    audit({
      entity: 'blog_post',
      entityId: after.id,
      before,
      after: { lang: after.lang, slug: after.slug, title: after.title, published: after.published, published_at: after.published_at },
    });
    if (replaced) runAfterAnswer('remove replaced blog cover', () => removePictures([replaced]));
    return after;
  },
  message: 'backoffice.blog.saved',
  data: (p) => ({ id: p.id, slug: p.slug, lang: p.lang, own: p.own, title: p.title, excerpt: p.excerpt, content: p.content, state: p.state, image: p.image }),
  back: (p) => `/admin/blog/${p.id}?lang=${p.lang}`,
});

/** Publishes or unpublishes a post (`POST api/v1/admin/blog/{id}/publish {published}`). */
export const publishBlogPostAction = defineAction({
  name: 'blog.publish',
  input: BlogPublishSchema,
  auth: { can: 'update:content' },
  invalidates: ['content', 'catalog'],
  run: async ({ id, published }, _actor, { tx, audit }) => {
    const { before, after } = await setPostPublished(tx, id, published);
    audit({ entity: 'blog_post', entityId: id, before: { published: before }, after: { published: after.published } });
    return after;
  },
  message: (p, t) => t(p.published ? 'backoffice.blog.publishedNow' : 'backoffice.blog.unpublishedNow'),
  data: (p) => ({ id: p.id, state: p.state }),
  back: '/admin/blog',
});

/** Deletes a post and its other languages (`POST api/v1/admin/blog/{id}/delete`). */
export const deleteBlogPostAction = defineAction({
  name: 'blog.delete',
  input: BlogPostIdSchema,
  auth: { can: 'update:content' },
  invalidates: ['content', 'catalog'],
  run: async ({ id }, _actor, { tx, audit }) => {
    const before = await deletePost(tx, id);
    audit({ entity: 'blog_post', entityId: id, before, after: null });
    if (before.image) runAfterAnswer('remove blog cover', () => removePictures([before.image!]));
    return before;
  },
  message: 'backoffice.blog.deleted',
  data: (p) => ({ id: p.id }),
  back: '/admin/blog',
});
