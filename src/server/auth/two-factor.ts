import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { getDb, type Tx } from '@/server/db/client';
import { recoveryCodes, sessions, users } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { hitLimit, resetLimit, throttled } from '@/server/core/throttle';
import { forgetSessions } from '@/server/auth/sessions';
import { writeAudit } from '@/server/core/audit';
import { getSettings } from '@/server/settings';
import type { Actor, SessionUser } from '@/server/core/actor';

/**
 * Two-factor sign-in for back-office accounts: a TOTP secret (RFC 6238, any authenticator app; otplib) and ten
 * single-use recovery codes, of which only hashes are kept. A session that passed the check carries
 * `two_factor_at`; the area guard (web/area-guard.ts) asks for it.
 */
const RECOVERY_CODES = 10;
/** 30 s steps; one step either side for a phone's clock that is a little off. */
const TOLERANCE_S = 30;
/** 5 wrong codes per account in 15 minutes. */
const codeLimit = (userId: number) => ({ key: `2fa:user:${userId}`, max: 5, windowSeconds: 15 * 60 });

const hashCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

export interface TwoFactorSetup {
  secret: string;
  uri: string;
  /** The URI as an SVG QR code, drawn on the server (no script). */
  qrSvg: string;
}

/** Starts (or restarts) setting up two-factor sign-in: a new secret, not active until a code confirms it. */
export async function startTwoFactorSetup(user: { id: number; email: string }, issuer: string, db: Tx = getDb()): Promise<TwoFactorSetup> {
  const [row] = await db.select({ enabled: users.totpEnabledAt }).from(users).where(eq(users.id, user.id));
  if (row?.enabled) throw new AppError({ code: 'CONFLICT', message: 'backoffice.twoFactor.alreadyOn' });
  const secret = generateSecret();
  await db.update(users).set({ totpSecret: secret }).where(eq(users.id, user.id));
  return describeSetup(secret, user.email, issuer);
}

/** The pending secret's QR code and URI again (the setup page after a wrong code), or null when none is pending. */
export async function pendingTwoFactorSetup(
  user: { id: number; email: string },
  issuer: string,
  db: Tx = getDb(),
): Promise<TwoFactorSetup | null> {
  const [row] = await db.select({ secret: users.totpSecret, enabled: users.totpEnabledAt }).from(users).where(eq(users.id, user.id));
  return row?.secret && !row.enabled ? describeSetup(row.secret, user.email, issuer) : null;
}

async function describeSetup(secret: string, email: string, issuer: string): Promise<TwoFactorSetup> {
  const uri = generateURI({ issuer, label: email, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

/**
 * Confirms the pending secret with a code from the app: two-factor sign-in is on, this session has passed it,
 * and ten recovery codes are returned (shown once, stored as hashes).
 */
export async function confirmTwoFactor(actor: AuditActor, sessionHash: string | null, code: string): Promise<{ recoveryCodes: string[] }> {
  const userId = actor.user.id;
  const [row] = await getDb().select({ secret: users.totpSecret, enabled: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  if (row?.enabled) throw new AppError({ code: 'CONFLICT', message: 'backoffice.twoFactor.alreadyOn' });
  if (!row?.secret) throw new AppError({ code: 'CONFLICT', message: 'backoffice.twoFactor.startFirst' });
  await checkCode(userId, () => totpMatches(row.secret!, code));
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await getDb().transaction(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
    if (sessionHash) await tx.update(sessions).set({ twoFactorAt: new Date() }).where(eq(sessions.idHash, sessionHash));
    await writeAudit(tx, actor, 'account.two-factor-on', {
      entity: 'user',
      entityId: userId,
      before: { two_factor: false },
      after: { two_factor: true },
    });
  });
  await forgetSessions();
  return { recoveryCodes: codes };
}

/** Checks a code from the app, or a recovery code (used up), and marks this session as past the check. */
export async function passTwoFactor(actor: AuditActor, sessionHash: string, code: string): Promise<{ usedRecoveryCode: boolean }> {
  const userId = actor.user.id;
  const db = getDb();
  const [row] = await db.select({ secret: users.totpSecret, enabled: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  if (!row?.enabled || !row.secret) throw new AppError({ code: 'CONFLICT', message: 'backoffice.twoFactor.notOn' });
  let usedRecoveryCode = false;
  await checkCode(userId, async () => {
    if (await totpMatches(row.secret!, code)) return true;
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashCode(code)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    usedRecoveryCode = used.length > 0;
    return usedRecoveryCode;
  });
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ twoFactorAt: new Date() }).where(eq(sessions.idHash, sessionHash));
    // A back-office sign-in is complete once its second factor passed.
    await writeAudit(tx, actor, 'auth.two-factor', {
      entity: 'user',
      entityId: userId,
      before: null,
      after: { method: usedRecoveryCode ? 'recovery' : 'app' },
    });
  });
  await forgetSessions();
  return { usedRecoveryCode };
}

/** Who an audited two-factor step is by. */
type AuditActor = Pick<Actor, 'ip'> & { user: SessionUser };

/** Turns one's own two-factor sign-in off with a current code; refused while the owner requires it of this account. */
export async function turnOffOwn(actor: AuditActor, code: string): Promise<void> {
  const userId = actor.user.id;
  const db = getDb();
  const [row] = await db.select({ secret: users.totpSecret, enabled: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  if (!row?.enabled || !row.secret) throw new AppError({ code: 'CONFLICT', message: 'backoffice.twoFactor.notOn' });
  const required = (await getSettings()).back_office.require_two_factor;
  if (required && !actor.user.roles.includes('owner')) throw new AppError({ code: 'FORBIDDEN', message: 'backoffice.twoFactor.required' });
  await checkCode(userId, () => totpMatches(row.secret!, code));
  await db.transaction(async (tx) => {
    await turnOffTwoFactor(userId, tx);
    await writeAudit(tx, actor, 'account.two-factor-off', {
      entity: 'user',
      entityId: userId,
      before: { two_factor: true },
      after: { two_factor: false },
    });
  });
  await forgetSessions();
}

/** Turns two-factor sign-in off for an account (its own choice, or the owner's for a lost phone). */
export async function turnOffTwoFactor(userId: number, tx: Tx): Promise<void> {
  await tx.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.update(sessions).set({ twoFactorAt: null }).where(eq(sessions.userId, userId));
}

/** How many unused recovery codes an account has left. */
export async function recoveryCodesLeft(userId: number, db: Tx = getDb()): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}

/** Wrong codes are counted per account before the check (5 per 15 minutes); a right one clears the count. */
async function checkCode(userId: number, matches: () => Promise<boolean>): Promise<void> {
  const limit = codeLimit(userId);
  const hit = await hitLimit(limit);
  if (hit.limited) throw throttled('Too many wrong codes.', hit.retryAfter);
  if (!(await matches()))
    throw new AppError({
      code: 'VALIDATION',
      message: 'backoffice.twoFactor.wrongCode',
      details: { fields: { code: 'backoffice.twoFactor.wrongCode' } },
    });
  await resetLimit(limit.key);
}

async function totpMatches(secret: string, code: string): Promise<boolean> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  return (await verify({ secret, token, epochTolerance: TOLERANCE_S })).valid;
}

/** `abcd-efgh-ijkl`: 60 bits, easy to type from paper. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}
