import type { ApiCard } from '@/lib/api-card';

/** The popup's view of `api/v1/suggestions` (islands never import server code). */
export type SuggestedProduct = ApiCard;

export interface SuggestionsData {
  product: SuggestedProduct[];
  suggested: { title: string }[];
  category: { id: number; slug: string; title: string }[];
  sub_category: { id: number; slug: string; title: string; category: { title: string } }[];
}

/** Texts and price format the server renders into the form's data attributes. */
export interface PopupConfig {
  texts: {
    label: string;
    keywords: string;
    categories: string;
    subCategories: string;
    products: string;
    nothingFound: string;
    searching: string;
    failed: string;
  };
  price: { currency_icon: string; decimal_format: string; currency_position: 1 | 2 };
  defaultImage: string;
}
