import { sql, type SQL } from 'drizzle-orm';
import { getT } from '@/i18n';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError, notFound } from '@/server/core/errors';
import type { Access } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { queueMail } from '@/server/mail/index';
import { plainMail } from '@/server/content/mails';
import { settings as settingsTable } from '@/server/db/schema';
import { SettingsSchema } from '@/lib/schemas/settings';
import type { ApprovalsQuery } from '@/lib/schemas/seller-store';

/**
 * The operator's approval of sellers' products (issue 35). When the shop's rule `back_office.seller_approval` is
 * on, a seller's new product waits (`approval = 'waiting'`: not on the storefront, catalog/on-sale.ts) and a
 * seller's price change of a live product waits in `pending_selling`/`pending_offered` while the old price stays
 * live. The operator approves or refuses each with a reason; the seller is mailed in the same transaction.
 */

/** The shop's back-office rules read in `tx` (never the settings cache, which would open another connection). */
export async function backOfficeRules(tx: Tx) {
  const [row] = await queryRows<{ value: unknown }>(tx, sql`select value from settings where key = 'back_office'`);
  let value: unknown = row?.value ?? {};
  if (typeof value === 'string') value = JSON.parse(value) as unknown;
  return SettingsSchema.shape.back_office.parse(value ?? {});
}

/** Whether this caller's product changes wait: a seller (an `own` scope) while the shop's rule is on. */
export async function changesWait(tx: Tx, scope: Access['scope']): Promise<boolean> {
  return scope.kind === 'own' && (await backOfficeRules(tx)).seller_approval;
}

/** The owner's rule (`POST api/v1/admin/products/approval-rule {seller_approval}`). */
export async function setSellerApproval(
  input: { seller_approval: boolean },
  _actor: Actor,
  { tx, audit }: Access,
): Promise<{ seller_approval: boolean }> {
  await tx.execute(sql`select 1 from settings where key = 'back_office' for update`);
  const before = await backOfficeRules(tx);
  const after = { ...before, seller_approval: input.seller_approval };
  await tx
    .insert(settingsTable)
    .values({ key: 'back_office', value: after })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value: after, updatedAt: new Date() } });
  audit({ entity: 'setting', entityId: 'back_office', before, after });
  return { seller_approval: after.seller_approval };
}

/** One product waiting for the operator: what is live and what the seller asked for, side by side. */
export interface WaitingProduct {
  id: number;
  slug: string;
  title: string;
  store_id: number;
  store_name: string;
  image: string | null;
  /** `new`: a new product not yet shown; `price`: a price change of a live product. */
  kind: 'new' | 'price';
  selling: number;
  offered: number;
  pending_selling: number | null;
  pending_offered: number | null;
  requested_at: string | null;
}

const WAITING: SQL = sql`(p.approval = 'waiting' or p.pending_selling is not null)`;

/** The waiting products, oldest request first; keyset pages on (requested_at, id). */
export async function listWaitingProducts(
  query: ApprovalsQuery,
  db: Tx = getDb(),
): Promise<{ items: WaitingProduct[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select p.id, p.slug, p.title, p.store_id, coalesce(s.name, '') as store_name, p.image, p.approval, p.selling, p.offered,
          p.pending_selling, p.pending_offered, p.approval_requested_at
        from products p left join stores s on s.id = p.store_id
        where ${WAITING} ${query.q ? sql`and (p.title ilike ${like} or s.name ilike ${like})` : sql``}
          ${after ? sql`and p.id > ${Number(after[0])}` : sql``}
        order by p.id asc limit ${query.per_page + 1}`,
  );
  const items = rows.map((r): WaitingProduct => ({
    id: Number(r.id),
    slug: String(r.slug),
    title: String(r.title),
    store_id: Number(r.store_id),
    store_name: String(r.store_name),
    image: (r.image as string | null) ?? null,
    kind: r.approval === 'waiting' ? 'new' : 'price',
    selling: Number(r.selling),
    offered: Number(r.offered),
    pending_selling: r.pending_selling === null ? null : Number(r.pending_selling),
    pending_offered: r.pending_offered === null ? null : Number(r.pending_offered),
    requested_at: r.approval_requested_at ? new Date(r.approval_requested_at as string).toISOString() : null,
  }));
  return pageOf(items, query.per_page, (r) => [r.id]);
}

interface Locked {
  id: number;
  title: string;
  store_id: number;
  approval: string;
  selling: number;
  offered: number;
  pending_selling: number | null;
  pending_offered: number | null;
}

async function lockWaiting(tx: Tx, id: number): Promise<Locked> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select id, title, store_id, approval, selling, offered, pending_selling, pending_offered from products where id = ${id} for update`,
  );
  if (!row) throw notFound('theProduct');
  if (row.approval !== 'waiting' && row.pending_selling === null)
    throw new AppError({ code: 'CONFLICT', message: 'backoffice.approvals.nothingWaits' });
  return {
    id: Number(row.id),
    title: String(row.title),
    store_id: Number(row.store_id),
    approval: String(row.approval),
    selling: Number(row.selling),
    offered: Number(row.offered),
    pending_selling: row.pending_selling === null ? null : Number(row.pending_selling),
    pending_offered: row.pending_offered === null ? null : Number(row.pending_offered),
  };
}

/** The operator approves what waits on a product: a new one goes live, a price change becomes the price. */
export async function approveProduct(
  input: { id: number },
  actor: Actor,
  { tx, audit }: Access,
): Promise<{ id: number; kind: 'new' | 'price' }> {
  const p = await lockWaiting(tx, input.id);
  const kind = p.approval === 'waiting' ? 'new' : 'price';
  await tx.execute(
    sql`update products set approval = 'approved', approval_reason = null, approval_requested_at = null,
          selling = coalesce(pending_selling, selling), offered = coalesce(pending_offered, offered),
          pending_selling = null, pending_offered = null, updated_at = now()
        where id = ${p.id}`,
  );
  audit({
    entity: 'product',
    entityId: p.id,
    before: { approval: p.approval, selling: p.selling, offered: p.offered },
    after: { approval: 'approved', selling: p.pending_selling ?? p.selling, offered: p.pending_offered ?? p.offered },
  });
  await mailSeller(tx, p, kind, null, actor);
  return { id: p.id, kind };
}

/** The operator refuses with a reason: a new product stays off the storefront, a price change is dropped (the old price stays). */
export async function refuseProduct(
  input: { id: number; reason: string },
  actor: Actor,
  { tx, audit }: Access,
): Promise<{ id: number; kind: 'new' | 'price' }> {
  const p = await lockWaiting(tx, input.id);
  const kind = p.approval === 'waiting' ? 'new' : 'price';
  await tx.execute(
    sql`update products set approval = ${kind === 'new' ? 'refused' : p.approval}, approval_reason = ${input.reason},
          approval_requested_at = null, pending_selling = null, pending_offered = null, updated_at = now()
        where id = ${p.id}`,
  );
  audit({
    entity: 'product',
    entityId: p.id,
    before: { approval: p.approval, pending_selling: p.pending_selling, pending_offered: p.pending_offered },
    after: { approval: kind === 'new' ? 'refused' : p.approval, reason: input.reason },
  });
  await mailSeller(tx, p, kind, input.reason, actor);
  return { id: p.id, kind };
}

/** The address a store's mail goes to: the store's own, else its seller's. */
export async function storeMailOf(tx: Tx, storeId: number): Promise<{ email: string | null; name: string }> {
  const [row] = await queryRows<{ email: string | null; name: string }>(
    tx,
    sql`select coalesce(nullif(s.email, ''), (select a.email from sellers a where a.store_id = s.id order by a.id limit 1)) as email, s.name
        from stores s where s.id = ${storeId}`,
  );
  return { email: row?.email ?? null, name: row?.name ?? '' };
}

/** The shop's language read in `tx`. */
export async function shopLanguageIn(tx: Tx): Promise<string> {
  const [row] = await queryRows<{ value: unknown }>(tx, sql`select value from settings where key = 'default_language'`);
  let value = row?.value;
  if (typeof value === 'string' && value.startsWith('"')) value = JSON.parse(value) as unknown;
  return typeof value === 'string' && value ? value : 'en';
}

async function mailSeller(tx: Tx, p: Locked, kind: 'new' | 'price', reason: string | null, actor: Pick<Actor, 'siteName'>) {
  const to = await storeMailOf(tx, p.store_id);
  if (!to.email) return;
  const t = await getT(await shopLanguageIn(tx));
  const what = `backoffice.approvals.mail.${kind}${reason === null ? 'Approved' : 'Refused'}`;
  await queueMail(
    tx,
    plainMail({
      to: to.email,
      subject: t(`${what}Subject`, { site: actor.siteName, product: p.title }),
      paragraphs: [t(what, { product: p.title, store: to.name }), ...(reason ? [t('backoffice.sellers.mail.reason', { reason })] : [])],
      footer: actor.siteName,
    }),
  );
}
