import { atom } from 'nanostores';

/** Ids of the products on the signed-in person's wishlist that this page knows of (hearts read it). */
export const $wishlist = atom<ReadonlySet<number>>(new Set());

/** Marks a product wishlisted or not, after the server said so (the spec: wishlisted when data is truthy). */
export function setWishlisted(productId: number, on: boolean): void {
  const next = new Set($wishlist.get());
  if (on) next.add(productId);
  else next.delete(productId);
  $wishlist.set(next);
}
