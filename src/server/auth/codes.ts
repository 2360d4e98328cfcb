import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { userTokens } from '@/server/db/schema';
import { hashToken } from '@/server/auth/sessions';

/** How long a sign-up code and a reset link/code stay valid. */
export const VERIFY_MINUTES = 30;
export const RESET_MINUTES = 60;
/** Wrong codes allowed before the code must be sent again. */
export const CODE_ATTEMPTS = 5;

export type TokenKind = 'verify' | 'reset';

/** A 6-digit code, uniformly random (leading zeros kept). */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** A long random token for links. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** Codes are short, so their hash is bound to the user and purpose; links hash on their own. */
export const codeHash = (kind: TokenKind, userId: number, code: string) => hashToken(`${kind}:${userId}:${code}`);
export const linkHash = (token: string) => hashToken(`link:${token}`);

/** Replaces the user's unused tokens of this kind with new ones (hashes given), valid for `minutes`. */
export async function issueTokens(userId: number, kind: TokenKind, hashes: string[], minutes: number, db: Tx = getDb()): Promise<void> {
  const now = new Date();
  await retireTokens(userId, kind, db, now);
  await db
    .insert(userTokens)
    .values(hashes.map((tokenHash) => ({ userId, kind, tokenHash, expiresAt: new Date(now.getTime() + minutes * 60_000) })));
}

/** Marks every unused token of this kind as used (a newer one replaces them, or one was just used). */
export async function retireTokens(userId: number, kind: TokenKind, db: Tx = getDb(), now = new Date()): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
}

export interface TokenRow {
  id: number;
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
}

/** The newest token of this kind with this hash (used or not), or null. */
export async function findToken(kind: TokenKind, tokenHash: string, db: Tx = getDb()): Promise<TokenRow | null> {
  const [row] = await db
    .select({ id: userTokens.id, userId: userTokens.userId, expiresAt: userTokens.expiresAt, usedAt: userTokens.usedAt })
    .from(userTokens)
    .where(and(eq(userTokens.kind, kind), eq(userTokens.tokenHash, tokenHash)))
    .orderBy(sql`${userTokens.id} desc`)
    .limit(1);
  return row ?? null;
}

/** Uses a token up; false when another request used it first (single use, even under concurrency). */
export async function consumeToken(id: number, db: Tx = getDb()): Promise<boolean> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return rows.length === 1;
}
