import { getDb } from '@/server/db/client';
import { contactMessages } from '@/server/db/schema';
import type { ContactInput } from '@/lib/schemas/forms';

/** Stores a contact-form message. */
export async function saveContactMessage(input: ContactInput): Promise<{ id: number }> {
  const [row] = await getDb().insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row!;
}
