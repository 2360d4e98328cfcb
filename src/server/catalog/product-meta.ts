/** Small pure helpers of the product page: which `/{main}` is ours, meta description, breadcrumb. */
import { categoryUrl, homeUrl, productUrl, subCategoryUrl } from '@/lib/urls';

interface MetaInput {
  title: string;
  slug: string;
  overview: string;
  description: string;
  category: { slug: string; title: string };
  sub_category: { slug: string; title: string } | null;
}

/** Up to 160 characters: the overview, else the description's text. */
export function productMetaDescription(p: Pick<MetaInput, 'overview' | 'description' | 'title'>): string {
  const text = (p.overview || p.description.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim() || p.title;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/** Home › category › sub-category › product, with absolute URLs. */
export function productBreadcrumb(p: MetaInput, home: string, origin: string) {
  const items = [
    { name: home, url: origin + homeUrl() },
    { name: p.category.title, url: origin + categoryUrl(p.category) },
  ];
  if (p.sub_category) items.push({ name: p.sub_category.title, url: origin + subCategoryUrl(p.category, p.sub_category) });
  items.push({ name: p.title, url: origin + productUrl(p) });
  return items;
}
