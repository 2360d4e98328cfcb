import { asc, eq } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { productImages, productSpecs, productTags, productVideos, tags } from '@/server/db/schema';
import { videoEmbedUrl } from '@/lib/video';

/** Gallery images, allowlisted videos, specs and tags of one product. */
export async function getProductExtras(db: Tx, productId: number) {
  const [images, videos, specs, tagRows] = await Promise.all([
    db
      .select({ image: productImages.image })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select()
      .from(productVideos)
      .where(eq(productVideos.productId, productId))
      .orderBy(asc(productVideos.position), asc(productVideos.id)),
    db
      .select({ name: productSpecs.name, value: productSpecs.value })
      .from(productSpecs)
      .where(eq(productSpecs.productId, productId))
      .orderBy(asc(productSpecs.position), asc(productSpecs.id)),
    db
      .select({ id: tags.id, slug: tags.slug, title: tags.title })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(eq(productTags.productId, productId))
      .orderBy(asc(tags.title)),
  ]);
  return {
    images: images.map((i) => i.image),
    // A video whose provider or id is not on the allowlist never leaves the server.
    videos: videos.flatMap((v) => {
      const embed = videoEmbedUrl(v.provider, v.videoId);
      return embed ? [{ provider: v.provider, video_id: v.videoId, embed_url: embed, thumbnail: v.thumbnail }] : [];
    }),
    specs,
    tags: tagRows,
  };
}
