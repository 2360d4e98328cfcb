/** The product fields every API response carries (DESIGN.md), as islands read them: money in cents. */
export interface ApiCard {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  selling: number;
  offered: number;
  /** Flash price, when the product is in a running flash sale. */
  price: number | null;
  end_time: string | null;
  /** Price of each variant with attributes (0 = the product's own price). */
  variant_prices?: number[];
}
