/** Every demo picture the shop refers to, drawn: path under /demo → SVG text. Pure and deterministic. */
import { DEMO_SETTINGS } from '@/server/demo/data/settings';
import {
  bannerImage,
  blogCover,
  brandLogo,
  categoryIcon,
  COLOUR_NAMES,
  GALLERY_ANGLES,
  galleryImage,
  IMAGE_KINDS,
  PAYMENT_IMAGE,
  productImage,
  REVIEW_PHOTOS,
  storeBanner,
  storeLogo,
} from '@/server/demo/data/images';
import { getDemoPlan } from '@/server/demo/plan';
import { drawPopup, drawTopBanner, drawWide } from '@/server/demo/draw/banners';
import { drawBrandLogo, drawPayments, drawStoreLogo } from '@/server/demo/draw/marks';
import { drawCategoryIcon, drawReviewPhoto } from '@/server/demo/draw/photos';
import { drawGallery, drawProduct } from '@/server/demo/draw/products';
import { kindOfPost, kindsOfProducts, kindsOfSource, kindsOfStore, topKinds } from '@/server/demo/draw/sources';

/** Every string under /demo/ anywhere inside `value` (objects, arrays, maps, sets). */
export function collectDemoPaths(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (value.startsWith('/demo/')) out.add(value);
  } else if (value instanceof Map || value instanceof Set || Array.isArray(value)) {
    for (const v of value.values()) collectDemoPaths(v, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) collectDemoPaths(v, out);
  }
  return out;
}

/** Draws every demo picture; throws when the plan or settings name a /demo path nothing here draws. */
export function drawDemoImages(): Map<string, string> {
  const plan = getDemoPlan();
  const jobs = new Map<string, () => string>();
  // The first drawing registered for a path wins: a collection and a banner may share one picture.
  const add = (path: string, draw: () => string) => {
    if (path.startsWith('/demo/') && !jobs.has(path)) jobs.set(path, draw);
  };

  for (const kind of IMAGE_KINDS) {
    for (const colour of COLOUR_NAMES) add(productImage(kind, colour), () => drawProduct(kind, colour));
    for (const angle of GALLERY_ANGLES) add(galleryImage(kind, angle), () => drawGallery(kind, angle));
  }
  for (const b of plan.brands) add(brandLogo(b.slug), () => drawBrandLogo(b.slug, b.title));
  for (const s of plan.stores) {
    add(storeLogo(s.slug), () => drawStoreLogo(s.slug, s.name));
    add(storeBanner(s.slug), () =>
      drawWide({
        name: s.slug,
        title: s.name,
        subtitle:
          plan.categories
            .filter((c) => c.store === s.slug)
            .map((c) => c.title)
            .join(' · ') || 'Sold on Voltmart',
        kinds: kindsOfStore(plan, s.slug),
        width: 1200,
        height: 300,
      }),
    );
  }
  for (const c of plan.categories) add(categoryIcon(c.slug), () => drawCategoryIcon(c.slug, c.title, c.subs[0]!.kind));
  // Pictures only: /flash-sale prints each sale's title beside its picture, and a home banner may show the
  // same picture under its own caption, so words drawn in would show twice (or be cropped).
  for (const f of plan.flashSales)
    add(f.image, () =>
      drawWide({
        name: f.slug,
        title: f.title,
        label: 'Flash sale',
        kinds: kindsOfProducts(
          plan,
          f.products.map((p) => p.slug),
        ),
        width: 1200,
        height: 400,
        showText: false,
      }),
    );
  for (const b of plan.banners) {
    const [width, height] = b.type === 1 ? [1600, 600] : [1200, 400];
    add(b.image, () =>
      drawWide({
        name: b.slug,
        title: b.title,
        subtitle: b.subtitle,
        kinds: kindsOfSource(plan, b.source),
        width,
        height,
        showText: false,
      }),
    );
  }
  for (const c of plan.collections)
    add(bannerImage(c.slug), () =>
      drawWide({ name: c.slug, title: c.title, label: 'Collection', kinds: kindsOfProducts(plan, c.products), width: 1200, height: 400 }),
    );
  const common = topKinds(plan.products.map((p) => p.kind));
  const { top_banner: top, popup_banner: popup, payment } = DEMO_SETTINGS;
  if (top.image) add(top.image, () => drawTopBanner('top-banner', top.title, common));
  add(popup.image, () => drawPopup('popup', popup.title, common));
  add(payment.image, drawPayments);
  add(PAYMENT_IMAGE, drawPayments);
  for (const post of plan.posts)
    add(blogCover(post.slug), () =>
      drawWide({ name: post.slug, title: post.title, label: 'Voltmart blog', kinds: [kindOfPost(post.slug)], width: 1200, height: 630 }),
    );
  REVIEW_PHOTOS.forEach((path, i) => add(path, () => drawReviewPhoto(i + 1)));

  const missing = [...collectDemoPaths([plan, DEMO_SETTINGS])].filter((p) => !jobs.has(p));
  if (missing.length) throw new Error(`No drawing for ${missing.join(', ')}`);
  return new Map([...jobs.keys()].sort().map((path) => [path, jobs.get(path)!()]));
}
