/** The listing shape of DESIGN.md: `{data, current_page, last_page, per_page, total}`. */
export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** Offset of a page (1-based), and the page shape once rows and total are known. */
export const offsetOf = (page: number, perPage: number) => (Math.max(1, page) - 1) * perPage;

export function toPaged<T>(data: T[], page: number, perPage: number, total: number): Paged<T> {
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}
