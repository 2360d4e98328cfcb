import { asc, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { categories, subCategories } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import type { FooterCategoriesInput } from '@/lib/schemas/content-admin2';

/**
 * The footer's category tree (the spec's footer categories: `in_footer` of categories and `in_footer_child` of each),
 * chosen on the settings screen (`/admin/settings/footer`). The flags live on the categories' own rows
 * (categories.in_footer, sub_categories.in_footer), which the storefront's tree and `api/v1/common` already read.
 */
export interface FooterCategoryView {
  id: number;
  title: string;
  in_footer: boolean;
  child: { id: number; title: string; in_footer: boolean }[];
}

/** Every active category with its sub-categories and whether the footer lists each. */
export async function getFooterCategories(): Promise<{ items: FooterCategoryView[] }> {
  const db = getDb();
  const [cats, subs] = await Promise.all([
    db.select().from(categories).where(eq(categories.status, 1)).orderBy(asc(categories.position), asc(categories.title)),
    db.select().from(subCategories).where(eq(subCategories.status, 1)).orderBy(asc(subCategories.position), asc(subCategories.title)),
  ]);
  return {
    items: cats.map((c) => ({
      id: c.id,
      title: c.title,
      in_footer: c.inFooter,
      child: subs.filter((s) => s.categoryId === c.id).map((s) => ({ id: s.id, title: s.title, in_footer: s.inFooter })),
    })),
  };
}

/** Lists exactly the ticked categories and sub-categories in the footer; an id that is no category is refused. */
export async function saveFooterCategories(
  tx: Tx,
  input: FooterCategoriesInput,
): Promise<{ before: { categories: number[]; sub_categories: number[] }; after: { categories: number[]; sub_categories: number[] } }> {
  const cats = await tx.select({ id: categories.id, inFooter: categories.inFooter }).from(categories).for('update');
  const subs = await tx.select({ id: subCategories.id, inFooter: subCategories.inFooter }).from(subCategories).for('update');
  const known = (rows: { id: number }[], ids: number[]) => ids.every((id) => rows.some((r) => r.id === id));
  if (!known(cats, input.categories) || !known(subs, input.sub_categories))
    throw new AppError({ code: 'VALIDATION', message: 'backoffice.footerCategories.badIds' });
  const ids = (rows: { id: number; inFooter: boolean }[]) => rows.filter((r) => r.inFooter).map((r) => r.id).sort((a, b) => a - b);
  const before = { categories: ids(cats), sub_categories: ids(subs) };
  await tx.update(categories).set({ inFooter: false }).where(eq(categories.inFooter, true));
  if (input.categories.length) await tx.update(categories).set({ inFooter: true }).where(inArray(categories.id, input.categories));
  await tx.update(subCategories).set({ inFooter: false }).where(eq(subCategories.inFooter, true));
  if (input.sub_categories.length)
    await tx.update(subCategories).set({ inFooter: true }).where(inArray(subCategories.id, input.sub_categories));
  const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
  return { before, after: { categories: sorted(input.categories), sub_categories: sorted(input.sub_categories) } };
}
