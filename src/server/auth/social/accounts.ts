import { and, eq, sql } from 'drizzle-orm';
import { EMAIL_PATTERN } from '@/lib/schemas/fields';
import { getDb, type Tx } from '@/server/db/client';
import { forgetSessions } from '@/server/auth/sessions';
import { oauthAccounts, sessions, users } from '@/server/db/schema';
import type { ProviderProfile } from '@/server/auth/social/clients';
import { SocialLoginError } from '@/server/auth/social/errors';
import type { SocialProviderId } from '@/server/auth/social/providers';

const ACTIVE = 1;

/**
 * The shop user behind a provider account: the one already linked; else the account with the same
 * email when the provider vouches for it (then linked); else a new account without a password.
 */
export async function linkSocialAccount(
  provider: SocialProviderId,
  profile: ProviderProfile,
  db: Tx = getDb(),
): Promise<{ userId: number; created: boolean; linked: boolean }> {
  try {
    return await db.transaction((tx) => findOrCreate(tx, provider, profile));
  } catch (err) {
    // Two callbacks for the same new person raced (double click, two tabs): the other one won, use it.
    if (!isUniqueViolation(err)) throw err;
    return db.transaction((tx) => findOrCreate(tx, provider, profile));
  } finally {
    // Linking a squatted account ends its sessions.
    await forgetSessions();
  }
}

async function findOrCreate(tx: Tx, provider: SocialProviderId, profile: ProviderProfile) {
  const [known] = await tx
    .select({ id: users.id, status: users.status })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, profile.providerUserId)));
  if (known) {
    if (known.status !== ACTIVE) throw new SocialLoginError('account_disabled', `user ${known.id} is disabled`);
    return { userId: known.id, created: false, linked: false };
  }

  const email = profile.email?.toLowerCase() ?? null;
  if (!email || !EMAIL_PATTERN.test(email)) throw new SocialLoginError('no_email', `${provider} shared no usable email`);
  const [existing] = await tx
    .select({ id: users.id, status: users.status, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));

  if (existing) {
    if (!profile.emailVerified) throw new SocialLoginError('email_taken', `${provider} did not verify the email of an existing account`);
    if (existing.status !== ACTIVE) throw new SocialLoginError('account_disabled', `user ${existing.id} is disabled`);
    if (!existing.emailVerifiedAt) {
      // Nobody had proved they own this email: whoever set the password (maybe not this person)
      // loses it and its sessions, so a squatted sign-up cannot keep a way into the account.
      await tx
        .update(users)
        .set({ emailVerifiedAt: new Date(), passwordHash: null, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    }
    await tx.insert(oauthAccounts).values({ provider, providerUserId: profile.providerUserId, userId: existing.id });
    return { userId: existing.id, created: false, linked: true };
  }

  const [created] = await tx
    .insert(users)
    .values({
      name: profile.name.slice(0, 120),
      email,
      passwordHash: null,
      emailVerifiedAt: profile.emailVerified ? new Date() : null,
    })
    .returning({ id: users.id });
  await tx.insert(oauthAccounts).values({ provider, providerUserId: profile.providerUserId, userId: created!.id });
  return { userId: created!.id, created: true, linked: true };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** The provider accounts linked to a user, oldest first (for the account area and tests). */
export async function listSocialLinks(userId: number, db: Tx = getDb()): Promise<{ provider: string; createdAt: Date }[]> {
  return db
    .select({ provider: oauthAccounts.provider, createdAt: oauthAccounts.createdAt })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(oauthAccounts.createdAt);
}
