import { getDb } from '@/server/db/client';
import { contactMessages, newsletterSubscribers } from '@/server/db/schema';
import type { ContactInput } from '@/lib/schemas/forms';

/** Stores a contact-form message. */
export async function saveContactMessage(input: ContactInput): Promise<{ id: number }> {
  const [row] = await getDb().insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row!;
}

/** Adds an address to the newsletter; subscribing twice is not an error. */
export async function subscribeNewsletter(email: string): Promise<{ created: boolean }> {
  const rows = await getDb()
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return { created: rows.length > 0 };
}
