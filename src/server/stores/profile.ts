import { and, eq, ne, sql } from 'drizzle-orm';
import { getT } from '@/i18n';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { stores, storeSlugRedirects } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import { inScope, type Scope } from '@/server/core/policy';
import type { Access } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { runAfterAnswer } from '@/server/core/background';
import { slugify } from '@/server/catalog/manage';
import { shopLanguageIn, storeMailOf } from '@/server/catalog/approval';
import { queueMail } from '@/server/mail/index';
import { plainMail } from '@/server/content/mails';
import { removePictures, storePictures, type PreparedPicture } from '@/server/uploads/product-pictures';
import type { StoreProfileInput, StoreProfileQuery } from '@/lib/schemas/seller-store';

/**
 * A seller's store profile (`/seller/store`, issue 35): what the storefront's store page shows and what shipping
 * and returns need. A new name or slug waits for the operator (`pending_name`/`pending_slug`, listed on
 * `/admin/stores`); once approved, the old slug answers a permanent redirect to the new one.
 */

export interface SellerStoreProfile {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
  banner: string | null;
  description: string;
  opened_on: string | null;
  email: string;
  phone: string;
  address: string;
  return_address: string;
  pickup_points: string;
  free_shipping_min: number;
  status: 'open' | 'suspended';
  pending_name: string | null;
  pending_slug: string | null;
  name_requested_at: string | null;
  name_refused_reason: string | null;
  old_slugs: string[];
}

const fieldError = (field: string, message: string) =>
  new AppError({ code: 'VALIDATION', message, details: { fields: { [field]: message } } });

/** The store the caller means: the one asked for (in their scope, else 404), or a seller's only store. */
export function storeIdFor(scope: Scope, asked: number | null): number {
  const id = asked ?? (scope.kind === 'own' ? (scope.storeIds[0] ?? null) : null);
  if (id === null || !inScope(scope, id)) throw notFound('theStore');
  return id;
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** One store's profile in the caller's scope, or 404. */
export async function getSellerStore(query: StoreProfileQuery, scope: Scope, db: Tx = getDb()): Promise<SellerStoreProfile> {
  const id = storeIdFor(scope, query.store_id);
  const [s] = await db.select().from(stores).where(eq(stores.id, id)).limit(1);
  if (!s) throw notFound('theStore');
  const redirects = await db.select({ slug: storeSlugRedirects.slug }).from(storeSlugRedirects).where(eq(storeSlugRedirects.storeId, id));
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    logo: s.logo,
    banner: s.banner,
    description: s.description,
    opened_on: s.openedOn ?? null,
    email: s.email ?? '',
    phone: s.phone ?? '',
    address: s.address ?? '',
    return_address: s.returnAddress ?? '',
    pickup_points: s.pickupPoints,
    free_shipping_min: s.freeShippingMin,
    status: s.status === 1 ? 'open' : 'suspended',
    pending_name: s.pendingName,
    pending_slug: s.pendingSlug,
    name_requested_at: iso(s.nameRequestedAt),
    name_refused_reason: s.nameRefusedReason,
    old_slugs: redirects.map((r) => r.slug),
  };
}

/** Whether another store has this slug: as its own, waiting for approval, or as a former one that redirects. */
async function storeSlugTaken(tx: Tx, slug: string, self: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from stores where (slug = ${slug} or pending_slug = ${slug}) and id <> ${self}
        union all select store_id as id from store_slug_redirects where slug = ${slug} and store_id <> ${self} limit 1`,
  );
  return rows.length > 0;
}

export interface SavedStoreProfile {
  id: number;
  /** A new name or slug now waits for the operator. */
  name_waiting: boolean;
}

/** Saves the profile; a changed name or slug waits for the operator (asking again replaces what waited). */
export async function saveStoreProfile(
  input: StoreProfileInput,
  pictures: { logo: PreparedPicture | null; banner: PreparedPicture | null },
  { scope, tx, audit }: Access,
): Promise<SavedStoreProfile> {
  const id = storeIdFor(scope, input.store_id);
  const [before] = await tx.select().from(stores).where(eq(stores.id, id)).for('update');
  if (!before) throw notFound('theStore');
  const nameChanged = input.name !== before.name;
  const slug = input.slug || (nameChanged ? slugify(input.name) : before.slug);
  const renaming = nameChanged || slug !== before.slug;
  if (renaming && slug !== before.slug && (await storeSlugTaken(tx, slug, id)))
    throw fieldError('slug', 'backoffice.store.errors.slugTaken');
  if (nameChanged) {
    const [same] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(sql`lower(${stores.name}) = lower(${input.name})`, ne(stores.id, id)))
      .limit(1);
    if (same) throw fieldError('name', 'backoffice.store.errors.nameTaken');
  }
  const samePending = before.pendingName === input.name && before.pendingSlug === slug;
  const urls = await storePictures([pictures.logo, pictures.banner].filter((p): p is PreparedPicture => p !== null));
  const logo = pictures.logo ? urls[0]! : before.logo;
  const banner = pictures.banner ? urls[pictures.logo ? 1 : 0]! : before.banner;
  try {
    await tx
      .update(stores)
      .set({
        description: input.description,
        openedOn: input.opened_on,
        email: input.email || null,
        phone: input.phone || null,
        address: input.address || null,
        returnAddress: input.return_address || null,
        pickupPoints: input.pickup_points,
        freeShippingMin: input.free_shipping_min,
        logo,
        banner,
        ...(renaming
          ? samePending
            ? {}
            : { pendingName: input.name, pendingSlug: slug, nameRequestedAt: new Date(), nameRefusedReason: null }
          : { pendingName: null, pendingSlug: null, nameRequestedAt: null }),
      })
      .where(eq(stores.id, id));
  } catch (err) {
    await removePictures(urls);
    throw err;
  }
  const replaced = [pictures.logo ? before.logo : null, pictures.banner ? before.banner : null].filter((u): u is string => Boolean(u));
  if (replaced.length) runAfterAnswer('remove replaced store pictures', () => removePictures(replaced));
  audit({
    entity: 'store',
    entityId: id,
    before: { description: before.description, logo: before.logo, banner: before.banner, pending_name: before.pendingName },
    after: {
      description: input.description,
      logo,
      banner,
      ...(renaming ? { pending_name: input.name, pending_slug: slug } : {}),
    },
  });
  return { id, name_waiting: renaming };
}

/** A store's name change waiting for the operator, with the old and new side by side. */
export interface NameChange {
  id: number;
  name: string;
  slug: string;
  pending_name: string;
  pending_slug: string;
  requested_at: string | null;
}

async function lockNameChange(tx: Tx, id: number) {
  const [s] = await tx.select().from(stores).where(eq(stores.id, id)).for('update');
  if (!s) throw notFound('theStore');
  if (s.pendingName === null || s.pendingSlug === null) throw new AppError({ code: 'CONFLICT', message: 'backoffice.store.nothingWaits' });
  return s as typeof s & { pendingName: string; pendingSlug: string };
}

/** The operator approves a name change: the store takes the new name and slug, the old slug redirects. */
export async function approveStoreName(input: { id: number }, actor: Actor, { tx, audit }: Access): Promise<NameChange> {
  const s = await lockNameChange(tx, input.id);
  if (s.pendingSlug !== s.slug) {
    if (await storeSlugTaken(tx, s.pendingSlug, s.id))
      throw new AppError({ code: 'CONFLICT', message: 'backoffice.store.errors.slugTaken' });
    await tx.delete(storeSlugRedirects).where(eq(storeSlugRedirects.slug, s.pendingSlug));
    await tx
      .insert(storeSlugRedirects)
      .values({ slug: s.slug, storeId: s.id })
      .onConflictDoUpdate({ target: storeSlugRedirects.slug, set: { storeId: s.id } });
  }
  await tx
    .update(stores)
    .set({ name: s.pendingName, slug: s.pendingSlug, pendingName: null, pendingSlug: null, nameRequestedAt: null, nameRefusedReason: null })
    .where(eq(stores.id, s.id));
  audit({ entity: 'store', entityId: s.id, before: { name: s.name, slug: s.slug }, after: { name: s.pendingName, slug: s.pendingSlug } });
  await mailNameDecision(tx, s.id, s.pendingName, null, actor);
  return {
    id: s.id,
    name: s.pendingName,
    slug: s.pendingSlug,
    pending_name: s.pendingName,
    pending_slug: s.pendingSlug,
    requested_at: null,
  };
}

/** The operator refuses a name change with a reason: the store keeps its name and slug; the seller is mailed. */
export async function refuseStoreName(input: { id: number; reason: string }, actor: Actor, { tx, audit }: Access): Promise<{ id: number }> {
  const s = await lockNameChange(tx, input.id);
  await tx
    .update(stores)
    .set({ pendingName: null, pendingSlug: null, nameRequestedAt: null, nameRefusedReason: input.reason })
    .where(eq(stores.id, s.id));
  audit({
    entity: 'store',
    entityId: s.id,
    before: { pending_name: s.pendingName, pending_slug: s.pendingSlug },
    after: { pending_name: null, reason: input.reason },
  });
  await mailNameDecision(tx, s.id, s.pendingName, input.reason, actor);
  return { id: s.id };
}

async function mailNameDecision(tx: Tx, storeId: number, asked: string, reason: string | null, actor: Pick<Actor, 'siteName'>) {
  const to = await storeMailOf(tx, storeId);
  if (!to.email) return;
  const t = await getT(await shopLanguageIn(tx));
  const what = reason === null ? 'backoffice.store.mail.approved' : 'backoffice.store.mail.refused';
  await queueMail(
    tx,
    plainMail({
      to: to.email,
      subject: t(`${what}Subject`, { site: actor.siteName, name: asked }),
      paragraphs: [t(what, { name: asked }), ...(reason ? [t('backoffice.sellers.mail.reason', { reason })] : [])],
      footer: actor.siteName,
    }),
  );
}

/** The current slug of the open store that once had this slug (its name changed), or null. */
export async function currentStoreSlugOf(oldSlug: string, db: Tx = getDb()): Promise<string | null> {
  if (!/^[a-z0-9-]{1,200}$/.test(oldSlug)) return null;
  const [row] = await db
    .select({ slug: stores.slug })
    .from(storeSlugRedirects)
    .innerJoin(stores, eq(stores.id, storeSlugRedirects.storeId))
    .where(and(eq(storeSlugRedirects.slug, oldSlug), eq(stores.status, 1)))
    .limit(1);
  return row?.slug ?? null;
}
