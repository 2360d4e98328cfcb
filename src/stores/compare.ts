import { atom } from 'nanostores';

/** Ids of the products on the signed-in person's compared list that this page knows of. */
export const $compare = atom<ReadonlySet<number>>(new Set());

/** Marks a product compared or not, after the server said so. */
export function setCompared(productId: number, on: boolean): void {
  const next = new Set($compare.get());
  if (on) next.add(productId);
  else next.delete(productId);
  $compare.set(next);
}
