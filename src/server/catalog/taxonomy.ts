import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { memoFor } from '@/server/core/memo';
import { brands, categories, subCategories } from '@/server/db/schema';
import { localNames, taxonomyNames } from '@/server/catalog/translations';
import { catalogLanguage } from '@/server/i18n/catalog-language';

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

/**
 * Active categories with their subcategories (the spec's `child`), in display order, named in the request's
 * language (the kept tree is the default language's; translated names are laid over it, no query).
 */
export async function listCategoryTree(): Promise<CategoryItem[]> {
  const [tree, name] = await Promise.all([treeMemo.get(), taxonomyNames()]);
  return localTree(tree, name);
}

function localTree(tree: CategoryItem[], name: Awaited<ReturnType<typeof taxonomyNames>>): CategoryItem[] {
  return tree.map((c) => {
    const title = name('category', c.id, c.title);
    const sub = (s: SubCategoryItem): SubCategoryItem => ({
      ...s,
      title: name('sub_category', s.id, s.title),
      ...(s.category ? { category: { ...s.category, title } } : {}),
    });
    return { ...c, title, child: c.child.map(sub), in_footer_child: c.in_footer_child.map(sub) };
  });
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
  const brandsIn = rows.map((b) => ({ id: b.id, slug: b.slug, title: b.title, image: b.image, featured: b.featured }));
  if (!catalogLanguage()) return brandsIn;
  // Another language: alphabetical by the names shown.
  return (await localNames('brand', brandsIn)).sort((a, b) => a.title.localeCompare(b.title));
}
