/** Which kinds of product a banner, sale, collection or post is about, read from the demo plan. */
import type { ImageKind } from '@/server/demo/data/images';
import { IMAGE_KINDS } from '@/server/demo/data/images';
import type { BannerSource } from '@/server/demo/data/promotions';
import type { DemoPlan } from '@/server/demo/plan';

/** The kinds in `list`, most frequent first (ties keep their first appearance), at most three. */
export function topKinds(list: ImageKind[]): ImageKind[] {
  const counts = new Map<ImageKind, number>();
  for (const k of list) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k]) => k);
}

/** The kinds of the products with these slugs. */
export function kindsOfProducts(plan: DemoPlan, slugs: string[]): ImageKind[] {
  const wanted = new Set(slugs);
  return topKinds(plan.products.filter((p) => wanted.has(p.slug)).map((p) => p.kind));
}

/** The kinds a banner's link leads to; a plain URL gets the shop's most common kinds. */
export function kindsOfSource(plan: DemoPlan, source: BannerSource): ImageKind[] {
  const subs = plan.categories.flatMap((c) => c.subs.map((s) => ({ ...s, category: c.slug })));
  switch (source.type) {
    case 1:
      return topKinds(subs.filter((s) => source.categories.includes(s.category)).map((s) => s.kind));
    case 2:
      return topKinds(subs.filter((s) => source.subCategories.includes(s.slug)).map((s) => s.kind));
    case 3:
      return topKinds(plan.products.filter((p) => p.tags.some((t) => source.tags.includes(t))).map((p) => p.kind));
    case 4:
      return topKinds(plan.products.filter((p) => source.brands.includes(p.brand)).map((p) => p.kind));
    case 5:
      return kindsOfProducts(plan, source.products);
    case 6:
      return topKinds(plan.products.map((p) => p.kind));
  }
}

/** The kind a blog post is about: the longest kind name its slug mentions. */
export function kindOfPost(slug: string): ImageKind {
  const stem = (k: string) => k.replace(/er$/, '');
  const found = [...IMAGE_KINDS].sort((a, b) => b.length - a.length).find((k) => slug.includes(stem(k)));
  return found ?? 'charger';
}

/** The kinds a store sells, its own categories first. */
export function kindsOfStore(plan: DemoPlan, store: string): ImageKind[] {
  const own = plan.categories.filter((c) => c.store === store).map((c) => c.subs[0]!.kind);
  return [...new Set([...own, ...topKinds(plan.products.filter((p) => p.store === store).map((p) => p.kind))])].slice(0, 3);
}
