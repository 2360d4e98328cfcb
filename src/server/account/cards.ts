import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { savedCards } from '@/server/db/schema';
import { notFound } from '@/server/core/errors';

/** A saved card as shown to its owner: never the gateway token (and we never hold a card number). */
export interface SavedCard {
  id: number;
  gateway: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  expired: boolean;
}

/** The user's saved cards, newest first. */
export async function listCards(userId: number, now = new Date()): Promise<SavedCard[]> {
  const rows = await getDb()
    .select({
      id: savedCards.id,
      gateway: savedCards.gateway,
      brand: savedCards.brand,
      last4: savedCards.last4,
      expMonth: savedCards.expMonth,
      expYear: savedCards.expYear,
    })
    .from(savedCards)
    .where(eq(savedCards.userId, userId))
    .orderBy(desc(savedCards.id));
  const month = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  return rows.map((r) => ({
    id: r.id,
    gateway: r.gateway,
    brand: r.brand,
    last4: r.last4,
    exp_month: r.expMonth,
    exp_year: r.expYear,
    expired: r.expYear * 12 + r.expMonth < month,
  }));
}

/** Removes one of the user's saved cards; another user's card is NOT_FOUND. */
export async function deleteCard(userId: number, id: number): Promise<void> {
  const gone = await getDb()
    .delete(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)))
    .returning({ id: savedCards.id });
  if (!gone.length) throw notFound('theCard');
}
