import { runAfterAnswer } from '@/server/core/background';

/**
 * A product's stock changed in this process (an order taken, a cancellation given back). The kept API
 * answers carry stock (product detail, listings' `in_stock`), and a shopper who just ordered reads it
 * again at once, so this process forgets them (web/api-caching.ts listens). It is not announced to the
 * other processes — every order would empty every cache of the shop —: they show it within their
 * caches' few seconds, as pages do (decision 0025).
 */
const listeners = new Set<() => void>();

export function onStockChange(forget: () => void): void {
  listeners.add(forget);
}

/**
 * Called inside the transaction that changes stock: forgets now, and again once the answer has been
 * sent (after the commit), so a copy built from the old stock in between is not kept either.
 */
export function stockChanged(): void {
  const forget = () => listeners.forEach((fn) => fn());
  forget();
  runAfterAnswer('stock-changed', async () => forget());
}
