import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError, notFound } from '@/server/core/errors';
import { inScope, type Scope } from '@/server/core/policy';
import type { Access } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { stockChanged } from '@/server/core/stock-changes';
import { explainStock } from '@/server/catalog/stock-ledger';
import { listEditorProducts, pricesToWrite } from '@/server/catalog/manage';
import type { ProductsQuery } from '@/lib/schemas/product-write';
import type { GridRowInput, ProductsGridInput } from '@/lib/schemas/catalog-bulk';

/**
 * The bulk grid (issue 33): price, offered price and stock of a page of products, saved in one transaction. Each
 * row carries its version — PostgreSQL's row version `xmin`, which every committed change of the product's row
 * moves on (an order taking stock, another editor's save), on PGlite as on a server, without a column to keep.
 * A row changed since the grid was drawn is named and nothing is written; stock goes through the stock ledger
 * ("counted").
 */

/** One product in the grid. */
export interface GridProduct {
  id: number;
  slug: string;
  title: string;
  store_name: string;
  selling: number;
  offered: number;
  stock: number;
  /** A seller's price change waiting for the operator (the grid shows the live price). */
  pending_selling: number | null;
  /** The row's version when read: sent back with the save. */
  version: number;
  /** Its stock is its variants' (changed in its editor), so the grid shows it read-only. */
  has_variants: boolean;
}

/** The grid's page: the products list's filters, sort and keyset pages, plus each row's version. */
export async function listGridProducts(
  query: ProductsQuery,
  scope: Scope,
  db: Tx = getDb(),
): Promise<{ items: GridProduct[]; next_cursor: string | null }> {
  const page = await listEditorProducts(query, scope, db);
  const ids = page.items.map((r) => r.id);
  const extra = ids.length
    ? await queryRows<{ id: number; version: string; has_variants: boolean }>(
        db,
        sql`select p.id, p.xmin::text as version,
              exists (select 1 from inventories i where i.product_id = p.id and i.archived_at is null) as has_variants
            from products p where p.id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      )
    : [];
  const byId = new Map(extra.map((r) => [Number(r.id), r]));
  return {
    items: page.items.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      store_name: r.store_name,
      selling: r.selling,
      offered: r.offered,
      stock: r.stock,
      pending_selling: r.pending_selling,
      version: Number(byId.get(r.id)?.version ?? 0),
      has_variants: Boolean(byId.get(r.id)?.has_variants),
    })),
    next_cursor: page.next_cursor,
  };
}

interface Locked {
  id: number;
  store_id: number;
  title: string;
  selling: number;
  offered: number;
  stock: number;
  approval: string;
  version: string;
  has_variants: boolean;
}

/** A row's problem, naming the product (the message and, in `details.rows`, per product id). */
const rowError = (rows: { id: number; title: string; message: string }[]) =>
  new AppError({
    code: 'VALIDATION',
    message: rows[0]!.message,
    vars: { product: rows[0]!.title },
    details: { rows: rows.map((r) => ({ id: r.id, title: r.title, problem: r.message })) },
  });

/** Whether the operator changed the row: against what the grid showed when it says so, else against the product now. */
function touched(row: GridRowInput, now: Locked): boolean {
  const typed = `${row.selling},${row.offered},${row.stock}`;
  if (row.was !== undefined) return typed !== row.was && typed !== `${now.selling},${now.offered},${now.stock}`;
  return typed !== `${now.selling},${now.offered},${now.stock}`;
}

/**
 * Saves the grid: every row in the caller's scope (another store's product is 404), checked first (prices, stock of
 * a product with variants, versions); then one statement writes the changed rows, and the stock ledger's triggers
 * write one "counted" row per change of stock. A seller's price change waits for approval when the shop says so.
 */
export async function saveProductsGrid(
  input: ProductsGridInput,
  actor: Actor,
  { scope, tx, audit }: Access,
): Promise<{ saved: number; versions: Record<number, number> }> {
  const ids = input.rows.map((r) => r.id);
  if (new Set(ids).size !== ids.length) throw new AppError({ code: 'VALIDATION', message: 'catalogBulk.grid.twice' });
  // Locked in id order, as every bulk change of products does, so two saves never wait on each other in a circle.
  const locked = await queryRows<Locked>(
    tx,
    sql`select p.id, p.store_id, p.title, p.selling, p.offered, p.stock, p.approval, p.xmin::text as version,
          exists (select 1 from inventories i where i.product_id = p.id and i.archived_at is null) as has_variants
        from products p where p.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by p.id for update of p`,
  );
  const byId = new Map(
    locked.map((r) => [Number(r.id), { ...r, selling: Number(r.selling), offered: Number(r.offered), stock: Number(r.stock) }]),
  );
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || !inScope(scope, Number(row.store_id))) throw notFound('theProduct');
  }
  const changed: { row: GridRowInput; now: Locked }[] = [];
  const stale: Locked[] = [];
  const problems: { id: number; title: string; message: string }[] = [];
  for (const row of input.rows) {
    const now = byId.get(row.id)!;
    if (!touched(row, now)) continue;
    if (String(row.version) !== now.version) {
      stale.push(now);
      continue;
    }
    const problem =
      row.selling <= 0
        ? 'catalogBulk.grid.sellingZero'
        : row.offered >= row.selling
          ? 'catalogBulk.grid.offeredBelow'
          : now.has_variants && row.stock !== now.stock
            ? 'catalogBulk.grid.variantsStockChanged'
            : null;
    if (problem) problems.push({ id: now.id, title: now.title, message: problem });
    else changed.push({ row, now });
  }
  if (stale.length)
    throw new AppError({
      code: 'CONFLICT',
      message: 'catalogBulk.grid.stale',
      vars: { products: stale.map((s) => s.title).join(', ') },
      details: { stale: stale.map((s) => s.id) },
    });
  if (problems.length) throw rowError(problems);
  const writes = [];
  for (const { row, now } of changed) {
    // Only a changed price goes through the price rule: a change of stock alone leaves a waiting price waiting.
    const same = row.selling === now.selling && row.offered === now.offered;
    const prices = same
      ? { selling: now.selling, offered: now.offered, pendingSelling: null, pendingOffered: null, approvalRequestedAt: undefined }
      : await pricesToWrite(tx, scope, now as Locked & { approval: 'approved' }, row);
    writes.push({ id: now.id, stock: row.stock, keep: same, ...prices });
  }
  if (writes.some((w, i) => w.stock !== changed[i]!.now.stock)) {
    await explainStock(tx, { reason: 'counted', note: 'bulk grid', actorId: actor.user?.id ?? null });
    stockChanged();
  }
  if (writes.length) {
    // One statement for every changed row (500 rows are one round trip); approval fields only where the rule set them.
    const values = sql.join(
      writes.map(
        (w) =>
          sql`(${w.id}::int, ${w.keep}::boolean, ${w.selling}::int, ${w.offered}::int, ${w.pendingSelling}::int, ${w.pendingOffered}::int, ${w.stock}::int,
              ${w.approvalRequestedAt === undefined ? 0 : w.approvalRequestedAt === null ? 2 : 1}::int)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`update products p set stock = v.stock, updated_at = now(),
        selling = case when v.keep then p.selling else v.selling end, offered = case when v.keep then p.offered else v.offered end,
        pending_selling = case when v.keep then p.pending_selling else v.ps end,
        pending_offered = case when v.keep then p.pending_offered else v.po end,
        approval_requested_at = case v.ask when 1 then now() when 2 then null else p.approval_requested_at end,
        approval_reason = case v.ask when 1 then null else p.approval_reason end
      from (values ${values}) as v(id, keep, selling, offered, ps, po, stock, ask) where p.id = v.id`);
  }
  audit({
    entity: 'product',
    entityId: null,
    before: { rows: changed.map(({ now }) => ({ id: now.id, selling: now.selling, offered: now.offered, stock: now.stock })) },
    after: {
      rows: writes.map((w) => ({ id: w.id, selling: w.selling, offered: w.offered, stock: w.stock, waiting: w.pendingSelling !== null })),
    },
  });
  // The saved rows' new versions (this transaction's, theirs once it commits): the grid keeps editing without a reload.
  const versions = writes.length
    ? await queryRows<{ id: number; version: string }>(
        tx,
        sql`select id, xmin::text as version from products where id in (${sql.join(
          writes.map((w) => sql`${w.id}`),
          sql`, `,
        )})`,
      )
    : [];
  return { saved: writes.length, versions: Object.fromEntries(versions.map((v) => [Number(v.id), Number(v.version)])) };
}
