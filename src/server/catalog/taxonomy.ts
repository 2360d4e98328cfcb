import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { memoFor } from '@/server/core/memo';
import { brands, categories, subCategories } from '@/server/db/schema';

export interface SubCategoryItem {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  in_footer: boolean;
  category_id?: number;
  /** Its parent (the spec's sub-category carries its `category`). */
  category?: { id: number; slug: string; title: string };
}
export interface CategoryItem {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  featured: boolean;
  in_footer: boolean;
  child: SubCategoryItem[];
  /** Subcategories marked for the footer tree. */
  in_footer_child: SubCategoryItem[];
}

/** Every page's menu reads the tree: each process keeps it a few seconds (see cache/memo.ts). */
const treeMemo = memoFor(10_000, loadCategoryTree);

/** Active categories with their subcategories (the spec's `child`), in display order. */
export function listCategoryTree(): Promise<CategoryItem[]> {
  return treeMemo.get();
}

async function loadCategoryTree(): Promise<CategoryItem[]> {
  const db = getDb();
  const [cats, subs] = await Promise.all([
    db.select().from(categories).where(eq(categories.status, 1)).orderBy(asc(categories.position), asc(categories.title)),
    db.select().from(subCategories).where(eq(subCategories.status, 1)).orderBy(asc(subCategories.position), asc(subCategories.title)),
  ]);
  return cats.map((c) => {
    const child = subs
      .filter((s) => s.categoryId === c.id)
      .map((s) => ({
        id: s.id,
        slug: s.slug,
        title: s.title,
        image: s.image,
        in_footer: s.inFooter,
        category_id: c.id,
        category: { id: c.id, slug: c.slug, title: c.title },
      }));
    return {
      id: c.id,
      slug: c.slug,
      title: c.title,
      image: c.image,
      featured: c.featured,
      in_footer: c.inFooter,
      child,
      in_footer_child: child.filter((s) => s.in_footer),
    };
  });
}

/** Active brands, alphabetical. */
export async function listBrands() {
  const rows = await getDb().select().from(brands).where(eq(brands.status, 1)).orderBy(asc(brands.title));
  return rows.map((b) => ({ id: b.id, slug: b.slug, title: b.title, image: b.image, featured: b.featured }));
}
