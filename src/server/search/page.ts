import { listCategoryTree, type CategoryItem } from '@/server/catalog/taxonomy';
import { searchProducts, type SearchOutcome } from '@/server/search/results';
import type { SearchFilters } from '@/server/search/match-sql';

/** What the results page needs: the outcome, and categories to offer when nothing is found. */
export interface SearchPage {
  outcome: SearchOutcome;
  popularCategories: CategoryItem[];
}

/** The results page's data; a failure throws, and the page shows the error page (the spec's rule). */
export async function loadSearchPage(text: string, f: SearchFilters): Promise<SearchPage> {
  const [outcome, tree] = await Promise.all([searchProducts(text, f), listCategoryTree()]);
  const featured = tree.filter((c) => c.featured);
  return { outcome, popularCategories: (featured.length ? featured : tree).slice(0, 8) };
}
