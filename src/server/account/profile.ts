import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { forgetSessions } from '@/server/auth/sessions';
import { cartLines, carts, users } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import type { ProfileInput } from '@/lib/schemas/account';
import { readImageUpload } from '@/server/uploads/images';
import { removeUpload, saveAvatar } from '@/server/uploads/storage';

export interface Profile {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  avatar: string | null;
  has_password: boolean;
  cart_count: number;
  is_logged_in: true;
  created_at: string;
}

/** The signed-in user's profile with the cart count (sum of quantities), as `user/profile` answers it. */
export async function getProfile(userId: number): Promise<Profile> {
  const db = getDb();
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      avatar: users.avatar,
      passwordHash: users.passwordHash,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('yourAccount');
  const [cart] = await db
    .select({ count: sql<string>`coalesce(sum(${cartLines.quantity}), 0)` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, userId));
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    avatar: row.avatar,
    has_password: row.passwordHash !== null,
    cart_count: Number(cart?.count ?? 0),
    is_logged_in: true,
    created_at: row.createdAt.toISOString(),
  };
}

/** Saves name and phone, and a new avatar when one is sent (the old file is removed once replaced). */
export async function updateProfile(userId: number, input: ProfileInput, avatarFile: File | null = null): Promise<Profile> {
  const upload = avatarFile ? await readImageUpload(avatarFile) : null;
  const db = getDb();
  const [before] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  if (!before) throw notFound('yourAccount');
  const avatar = upload ? await saveAvatar(upload.bytes, upload.type) : undefined;
  try {
    await db
      .update(users)
      .set({ name: input.name, phone: input.phone, ...(avatar ? { avatar } : {}), updatedAt: new Date() })
      .where(eq(users.id, userId));
  } catch (err) {
    if (avatar) await removeUpload(avatar);
    throw err;
  }
  // The header shows the name a session remembers.
  await forgetSessions();
  if (avatar && before.avatar !== avatar) await removeUpload(before.avatar);
  return getProfile(userId);
}

/** Removes the avatar picture. */
export async function removeAvatar(userId: number): Promise<void> {
  const [before] = await getDb().select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  if (!before) throw notFound('yourAccount');
  await getDb().update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, userId));
  await removeUpload(before.avatar);
}

export const wrongPassword = (field: string) =>
  new AppError({
    code: 'VALIDATION',
    message: 'The current password is not correct.',
    details: { fields: { [field]: 'The current password is not correct.' } },
  });
