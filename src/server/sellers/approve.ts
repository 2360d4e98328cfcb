import { desc, eq, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { sellers, storeMembers, stores, users } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import { queueMail, sendQueuedNow } from '@/server/mail/index';
import { plainMail } from '@/server/content/mails';
import { storeUrl } from '@/lib/urls';

/** A seller application as the operator's `shop` command lists it. */
export interface SellerApplication {
  id: number;
  shop_name: string;
  name: string;
  email: string;
  status: string;
  created_at: string;
}

/** Every application, newest first. */
export async function listSellerApplications(): Promise<SellerApplication[]> {
  const rows = await getDb().select().from(sellers).orderBy(desc(sellers.id));
  return rows.map((s) => ({
    id: s.id,
    shop_name: s.shopName,
    name: s.name,
    email: s.email,
    status: s.status,
    created_at: s.createdAt.toISOString(),
  }));
}

/** A URL slug of a shop name: lower-case words joined by hyphens (ASCII letters and digits only). */
export function shopSlug(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return base || 'shop';
}

/** What an approval made: the application, its new store and the seller's account. */
export interface Approval {
  seller: typeof sellers.$inferSelect;
  store: { id: number; slug: string };
  userId: number;
}

/**
 * Approves a verified application: opens its store (a free slug from the shop name), makes the seller's
 * account with the password they chose (email already confirmed), links both to the application and mails
 * the seller the store's address. Only a verified application can be approved.
 */
export async function approveSeller(
  id: number,
  origin: string,
  siteName: string,
): Promise<{ seller_id: number; store_id: number; user_id: number; url: string }> {
  // The approval and its mail are one transaction (the outbox); the mail is tried at once once that commits.
  const { result, url, mailId } = await getDb().transaction(async (tx) => {
    const approval = await approveSellerIn(tx, id);
    return { result: approval, ...(await mailApproval(approval, origin, siteName, tx)) };
  });
  await sendQueuedNow([mailId]);
  return { seller_id: id, store_id: result.store.id, user_id: result.userId, url };
}

/** The approval's writes, in the caller's transaction (the `seller:approve` command's and the back office's). */
export async function approveSellerIn(tx: Tx, id: number): Promise<Approval> {
  const [seller] = await tx.select().from(sellers).where(eq(sellers.id, id)).for('update');
  if (!seller) throw notFound('sellerApplication', { id });
  if (seller.status === 'pending')
    throw new AppError({ code: 'CONFLICT', message: `Seller application ${id} has not confirmed its email yet.` });
  if (seller.status !== 'verified')
    throw new AppError({ code: 'CONFLICT', message: `Seller application ${id} is already ${seller.status}.` });
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, seller.email.toLowerCase()));
  if (account)
    throw new AppError({
      code: 'CONFLICT',
      message: `An account with ${seller.email} exists already; the seller must apply with another email.`,
    });
  const base = shopSlug(seller.shopName);
  const taken = new Set(
    (
      await tx
        .select({ slug: stores.slug })
        .from(stores)
        .where(sql`${stores.slug} like ${`${base}%`}`)
    ).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  const [store] = await tx
    .insert(stores)
    .values({ slug, name: seller.shopName, email: seller.email, phone: seller.phone, address: seller.address, status: 1 })
    .returning({ id: stores.id, slug: stores.slug });
  const [user] = await tx
    .insert(users)
    .values({
      name: seller.name,
      email: seller.email,
      phone: seller.phone,
      passwordHash: seller.passwordHash,
      emailVerifiedAt: seller.verifiedAt ?? new Date(),
      roles: ['seller'],
    })
    .returning({ id: users.id });
  // The seller's account works for their store: its `own` scope in the back office.
  await tx.insert(storeMembers).values({ storeId: store!.id, userId: user!.id });
  await tx
    .update(sellers)
    .set({ status: 'approved', approvedAt: new Date(), storeId: store!.id, userId: user!.id, passwordHash: null })
    .where(eq(sellers.id, id));
  return { seller, store: store!, userId: user!.id };
}

/** Queues the seller's mail with their store's address in the approval's transaction (the outbox); returns the address and the mail's id. */
export async function mailApproval(result: Approval, origin: string, siteName: string, tx: Tx): Promise<{ url: string; mailId: number }> {
  const url = `${origin}${storeUrl(result.store)}`;
  const mail = plainMail({
    to: result.seller.email,
    subject: `Your shop "${result.seller.shopName}" is open on ${siteName}`,
    paragraphs: [
      `Hello ${result.seller.name},`,
      `Good news: we approved your application. Your store page is open now:`,
      url,
      `Sign in with ${result.seller.email} and the password you chose when you applied.`,
    ],
    link: { href: url, label: 'Open your store page' },
    footer: `${siteName}`,
  });
  return { url, mailId: await queueMail(tx, mail) };
}
