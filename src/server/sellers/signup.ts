import { DEFAULT_LANGUAGE, getT } from '@/i18n';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { sellers, stores, users } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import { hashPassword } from '@/server/auth/passwords';
import { hashToken } from '@/server/auth/sessions';
import { CODE_ATTEMPTS, newCode, VERIFY_MINUTES } from '@/server/auth/codes';
import { hitLimit, throttled } from '@/server/core/throttle';
import { queueMail, sendQueuedNow, type Mail } from '@/server/mail/index';
import { getSettings } from '@/server/settings';
import { plainMail } from '@/server/content/mails';
import type { Actor } from '@/server/core/actor';
import type { SellerSignupInput } from '@/lib/schemas/seller';

export const SHOP_NAME_TAKEN = 'A shop with this name already exists. Please choose another name.';
export const SELLER_EMAIL_TAKEN = 'This email is already registered. Sign in with it, or use another email for your shop.';
const BAD_CODE = 'The code is not right. Check the latest email we sent, or sign up again for a new code.';

const conflict = (message: string, field: string) => new AppError({ code: 'CONFLICT', message, details: { fields: { [field]: message } } });
const sellerCodeHash = (sellerId: number, code: string) => hashToken(`seller:${sellerId}:${code}`);

/**
 * The unique index a write ran into (its name, else the driver's sentence), or null for any other error.
 * drizzle wraps the driver's error in `cause`, so its own message ("Failed query: …") never says "unique".
 */
function uniqueIndexHit(err: unknown): string | null {
  type DbError = { code?: string; constraint?: string; constraint_name?: string; message?: string; cause?: unknown };
  for (let e = err as DbError | undefined, i = 0; e && i < 4; e = e.cause as DbError | undefined, i++)
    if (e.code === '23505') return e.constraint ?? e.constraint_name ?? e.message ?? '';
  return null;
}

/** Seller registration is offered only when the operator switched `vendor_registration` on. */
export async function requireVendorRegistration(): Promise<void> {
  if (!(await getSettings()).setting.vendor_registration) throw notFound('sellerRegistration');
}

/**
 * A seller's application: refuses a shop name or email already in use (shops, sellers, accounts),
 * stores it pending with a hashed password and mails a 6-digit code. Applying again with the email of
 * an application that was never verified replaces it and sends a new code.
 */
export async function signUpSeller(
  input: SellerSignupInput,
  actor: Pick<Actor, 'ip' | 'siteName' | 'origin'> & { lang?: string },
): Promise<{ id: number; email: string; status: 'pending' }> {
  await requireVendorRegistration();
  const hit = await hitLimit({ key: `seller-signup:${actor.ip}`, max: 10, windowSeconds: 3600 });
  if (hit.limited) throw throttled('Too many seller applications from your network.', hit.retryAfter);
  const db = getDb();
  const [existing] = await db.select().from(sellers).where(eq(sellers.email, input.email));
  if (existing && existing.status !== 'pending') throw conflict(SELLER_EMAIL_TAKEN, 'email');
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  if (account) throw conflict(SELLER_EMAIL_TAKEN, 'email');
  const shop = input.shop_name.toLowerCase();
  const [storeTaken] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(sql`lower(${stores.name})`, shop));
  const [sellerTaken] = await db
    .select({ id: sellers.id, email: sellers.email })
    .from(sellers)
    .where(eq(sql`lower(${sellers.shopName})`, shop));
  if (storeTaken || (sellerTaken && sellerTaken.email !== input.email)) throw conflict(SHOP_NAME_TAKEN, 'shop_name');

  const code = newCode();
  const values = {
    name: input.name,
    email: input.email,
    phone: input.phone,
    shopName: input.shop_name,
    address: input.address,
    passwordHash: await hashPassword(input.password),
    codeExpiresAt: new Date(Date.now() + VERIFY_MINUTES * 60_000),
    codeAttempts: 0,
    status: 'pending' as const,
  };
  // The application (with its code's hash) and the code's mail are one transaction (the outbox): both or neither.
  const mail = await sellerCodeMail({ email: input.email, name: input.name, shopName: input.shop_name }, code, actor);
  let id: number;
  let queued: number;
  try {
    [id, queued] = await db.transaction(async (tx): Promise<[number, number]> => {
      let sellerId: number;
      if (existing) {
        sellerId = existing.id;
        await tx
          .update(sellers)
          .set({ ...values, codeHash: sellerCodeHash(sellerId, code) })
          .where(eq(sellers.id, sellerId));
      } else {
        const [row] = await tx.insert(sellers).values(values).returning({ id: sellers.id });
        sellerId = row!.id;
        await tx
          .update(sellers)
          .set({ codeHash: sellerCodeHash(sellerId, code) })
          .where(eq(sellers.id, sellerId));
      }
      return [sellerId, await queueMail(tx, mail)];
    });
  } catch (err) {
    // Two applications racing for one name or email: the unique indexes decide.
    const index = uniqueIndexHit(err);
    if (index !== null) throw index.includes('email') ? conflict(SELLER_EMAIL_TAKEN, 'email') : conflict(SHOP_NAME_TAKEN, 'shop_name');
    throw err;
  }
  await sendQueuedNow([queued]);
  return { id, email: input.email, status: 'pending' };
}

type MailActor = Pick<Actor, 'siteName' | 'origin'> & { lang?: string };

/** The application's 6-digit code, by mail (queued with the code's hash: the outbox). */
async function sellerCodeMail(to: { email: string; name: string; shopName: string }, code: string, actor: MailActor): Promise<Mail> {
  const t = await getT(actor.lang ?? DEFAULT_LANGUAGE);
  const site = actor.siteName;
  return {
    ...plainMail({
      to: to.email,
      subject: t('seller.mail.subject', { site, code }),
      paragraphs: [
        t('seller.mail.hello', { name: to.name }),
        t('seller.mail.thanks', { site, shop: to.shopName }),
        code,
        t('seller.mail.expires', { minutes: VERIFY_MINUTES }),
      ],
      link: {
        href: `${actor.origin}/seller/register?step=verify&email=${encodeURIComponent(to.email)}`,
        label: t('seller.mail.button'),
      },
      footer: t('seller.mail.footer', { site }),
    }),
    // The code works VERIFY_MINUTES: the outbox keeps it no longer.
    expiresAt: new Date(Date.now() + VERIFY_MINUTES * 60_000),
  };
}

export const SELLER_CODE_RESENT = 'If this application still waits for its code, we have sent a new 6-digit code.';

/**
 * "Send the code again": a new code for an application that was never confirmed, without filling the
 * form in again. The same answer whether or not there is one (the page names the email already);
 * throttled per email and per network.
 */
export async function resendSellerCode(email: string, actor: MailActor & Pick<Actor, 'ip'>): Promise<{ email: string }> {
  await requireVendorRegistration();
  const perEmail = await hitLimit({ key: `seller-resend:${email}`, max: 5, windowSeconds: 3600 });
  if (perEmail.limited) throw throttled('We have sent several codes already.', perEmail.retryAfter);
  const perIp = await hitLimit({ key: `seller-resend-ip:${actor.ip}`, max: 20, windowSeconds: 3600 });
  if (perIp.limited) throw throttled('Too many seller applications from your network.', perIp.retryAfter);
  const db = getDb();
  const [seller] = await db
    .select()
    .from(sellers)
    .where(and(eq(sellers.email, email), eq(sellers.status, 'pending')));
  if (seller) {
    const code = newCode();
    const mail = await sellerCodeMail({ email, name: seller.name, shopName: seller.shopName }, code, actor);
    const queued = await db.transaction(async (tx) => {
      await tx
        .update(sellers)
        .set({ codeHash: sellerCodeHash(seller.id, code), codeExpiresAt: new Date(Date.now() + VERIFY_MINUTES * 60_000), codeAttempts: 0 })
        .where(eq(sellers.id, seller.id));
      return queueMail(tx, mail);
    });
    await sendQueuedNow([queued]);
  }
  return { email };
}

/** Confirms a seller's email with the mailed code: the application then waits for the operator's approval. */
export async function verifySeller(input: { email: string; code: string }): Promise<{ id: number; status: 'verified' }> {
  await requireVendorRegistration();
  const db = getDb();
  const [seller] = await db.select().from(sellers).where(eq(sellers.email, input.email));
  if (seller && seller.status !== 'pending') {
    if (seller.status === 'verified') return { id: seller.id, status: 'verified' };
    throw conflict('This application was already handled. Sign in, or contact the shop.', 'code');
  }
  if (!seller || !seller.codeHash || !seller.codeExpiresAt) throw conflict(BAD_CODE, 'code');
  if (seller.codeExpiresAt < new Date()) throw conflict('The code has expired. Sign up again to get a new one.', 'code');
  if (seller.codeAttempts >= CODE_ATTEMPTS) throw conflict('Too many wrong codes. Sign up again to get a new one.', 'code');
  if (seller.codeHash !== sellerCodeHash(seller.id, input.code)) {
    await db
      .update(sellers)
      .set({ codeAttempts: sql`${sellers.codeAttempts} + 1` })
      .where(eq(sellers.id, seller.id));
    throw new AppError({ code: 'VALIDATION', message: BAD_CODE, details: { fields: { code: BAD_CODE } } });
  }
  await db
    .update(sellers)
    .set({ status: 'verified', verifiedAt: new Date(), codeHash: null, codeExpiresAt: null })
    .where(and(eq(sellers.id, seller.id), eq(sellers.status, 'pending')));
  return { id: seller.id, status: 'verified' };
}
