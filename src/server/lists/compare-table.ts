/** One row of the comparison: a specification's name and each product's value (null: the product does not say). */
export interface SpecRow {
  name: string;
  values: (string | null)[];
  differs: boolean;
}

const norm = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '' : String(v).trim().replace(/\s+/g, ' ').toLowerCase();

/** True when two or more products are compared and their values are not all the same (case and spacing aside). */
export function valuesDiffer(values: readonly (string | number | null | undefined)[]): boolean {
  return values.length > 1 && new Set(values.map(norm)).size > 1;
}

/**
 * Every specification any compared product has, in the order they first appear (the first product's
 * order, then names only later products have), with each product's value and whether they differ.
 */
export function specRows(products: readonly { specs: readonly { name: string; value: string }[] }[]): SpecRow[] {
  const names: string[] = [];
  const keyOf = new Map<string, string>();
  for (const p of products) {
    for (const s of p.specs) {
      const key = norm(s.name);
      if (!keyOf.has(key)) {
        keyOf.set(key, s.name);
        names.push(key);
      }
    }
  }
  return names.map((key) => {
    const values = products.map((p) => p.specs.find((s) => norm(s.name) === key)?.value ?? null);
    return { name: keyOf.get(key)!, values, differs: valuesDiffer(values) };
  });
}
