import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { catalogUploads, products, stores } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { inScope, storeIdsOf, type Scope } from '@/server/core/policy';
import type { Access } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { stockChanged } from '@/server/core/stock-changes';
import { changesWait } from '@/server/catalog/approval';
import { explainStock } from '@/server/catalog/stock-ledger';
import { COLUMNS, type ProductRow } from '@/server/ops/catalog-rows';
import { CatalogFileError, cell, readCsvText } from '@/server/ops/catalog-files';
import { CatalogImportError, checkCatalog, storeCatalog } from '@/server/ops/catalog-import';
import { exportProductsById } from '@/server/ops/catalog-export';
import { listEditorProducts } from '@/server/catalog/manage';
import type { ProductsQuery } from '@/lib/schemas/product-write';
import { IMPORT_MAX_BYTES, type ImportConfirmInput } from '@/lib/schemas/catalog-bulk';

/**
 * The catalogue file from the back office (issue 33): the command line's products.csv, read and checked by the same
 * code (ops/catalog-files.ts, ops/catalog-import.ts) — every row first, problems by file and line, nothing written on
 * any — then previewed (new, changed and unchanged products, and the changed fields) before its uploader confirms.
 * A seller's file may only hold their own store's products, and their changes follow the shop's approval rule.
 */

/** How many changed products the preview lists field by field (the counts cover all). */
const LISTED = 200;
/** Problems shown in the message (all of them are in the answer's details). */
const SHOWN_PROBLEMS = 8;

export interface ImportChange {
  where: string;
  slug: string;
  title: string;
  created: boolean;
  fields: { field: string; from: string; to: string }[];
}

export interface ImportPreview {
  name: string;
  rows: number;
  created: number;
  changed: number;
  unchanged: number;
  /** The first products that change, with their fields (at most LISTED). */
  changes: ImportChange[];
}

/** The file's problems as one refusal: the first ones in the message, every one in `details.problems`. */
function refusal(problems: string[]): AppError {
  const shown = problems.slice(0, SHOWN_PROBLEMS).join('\n');
  const more = problems.length - Math.min(problems.length, SHOWN_PROBLEMS);
  return new AppError({
    code: 'VALIDATION',
    message: more ? 'catalogBulk.import.problemsMore' : 'catalogBulk.import.problems',
    vars: { n: problems.length, list: shown, more },
    details: { problems },
  });
}

/** Reads and checks a products file against the shop and the caller's scope; its rows and the preview of what changes. */
async function checkFile(
  tx: Tx,
  name: string,
  content: string,
  scope: Scope,
): Promise<{ rows: ProductRow[]; preview: ImportPreview; current: Map<string, ProductRow & { id: number; storeId: number }> }> {
  let raw;
  try {
    raw = readCsvText('products', name, content);
  } catch (err) {
    if (err instanceof CatalogFileError) throw refusal(err.problems);
    throw err;
  }
  if (!raw.length) throw new AppError({ code: 'VALIDATION', message: 'catalogBulk.import.empty' });
  let rows: ProductRow[];
  try {
    rows = (await checkCatalog(tx, raw)).products;
  } catch (err) {
    if (err instanceof CatalogImportError) throw refusal(err.problems);
    throw err;
  }
  // Every row parsed (checkCatalog refuses any that does not), so rows[i] is the file's row raw[i].
  const existing = await tx
    .select({ id: products.id, slug: products.slug, storeId: products.storeId })
    .from(products)
    .where(
      inArray(
        products.slug,
        rows.map((r) => r.slug),
      ),
    );
  const exported = new Map(
    (
      await exportProductsById(
        tx,
        existing.map((e) => e.id),
      )
    ).map((p) => [p.slug, p]),
  );
  const current = new Map(existing.map((e) => [e.slug, { ...exported.get(e.slug)!, id: e.id, storeId: e.storeId }]));
  const problems: string[] = [];
  const own = storeIdsOf(scope);
  if (own !== null) {
    const slugs = new Set(
      own.length
        ? (
            await tx
              .select({ slug: stores.slug })
              .from(stores)
              .where(inArray(stores.id, [...own]))
          ).map((s) => s.slug)
        : [],
    );
    rows.forEach((r, i) => {
      const before = current.get(r.slug);
      if (before && !inScope(scope, before.storeId)) problems.push(`${raw[i]!.where}: slug: another store has a product with this slug`);
      else if (!slugs.has(r.store)) problems.push(`${raw[i]!.where}: store: you can only import products of your own store`);
    });
  }
  if (problems.length) throw refusal(problems);
  const preview: ImportPreview = { name, rows: rows.length, created: 0, changed: 0, unchanged: 0, changes: [] };
  rows.forEach((r, i) => {
    const before = current.get(r.slug);
    const fields = COLUMNS.products
      .map((field) => {
        const key = field as keyof ProductRow;
        return { field, from: before ? cell(before[key]) : '', to: cell(r[key]) };
      })
      .filter((f) => f.from !== f.to);
    if (before && !fields.length) {
      preview.unchanged++;
      return;
    }
    if (before) preview.changed++;
    else preview.created++;
    if (preview.changes.length < LISTED)
      preview.changes.push({ where: raw[i]!.where, slug: r.slug, title: r.title, created: !before, fields });
  });
  return { rows, preview, current };
}

/** A file's name as the messages show it: its last part, plain characters only. */
const fileName = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(/[^\w.-]+/g, '_').slice(0, 80) || 'products.csv';

/** The upload's text: a CSV file of at most IMPORT_MAX_BYTES, in UTF-8. */
async function fileText(file: unknown): Promise<{ name: string; content: string }> {
  if (!(file instanceof File) || file.size === 0) throw new AppError({ code: 'VALIDATION', message: 'catalogBulk.import.chooseFile' });
  if (file.size > IMPORT_MAX_BYTES || !/\.csv$/i.test(file.name))
    throw new AppError({ code: 'VALIDATION', message: 'catalogBulk.import.fileType' });
  try {
    return { name: fileName(file.name), content: new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer()) };
  } catch {
    throw new AppError({ code: 'VALIDATION', message: 'catalogBulk.import.fileType' });
  }
}

/**
 * Step 1 (`POST …/products/import`, multipart `file`): the file checked and previewed, kept for its uploader to
 * confirm (their earlier uploads, and anyone's older than a day, are dropped). Nothing of the catalogue is written.
 */
export async function uploadImport(
  input: { file?: unknown },
  actor: Actor,
  { scope, tx, audit }: Access,
): Promise<{ upload: string; preview: ImportPreview }> {
  const { name, content } = await fileText(input.file);
  const { preview } = await checkFile(tx, name, content, scope);
  const userId = actor.user!.id;
  await tx.delete(catalogUploads).where(or(eq(catalogUploads.userId, userId), lt(catalogUploads.createdAt, sql`now() - interval '1 day'`)));
  const upload = randomBytes(24).toString('base64url');
  await tx.insert(catalogUploads).values({ id: upload, userId, name, content });
  audit({
    entity: 'catalog_upload',
    entityId: upload,
    before: null,
    after: { name, rows: preview.rows, created: preview.created, changed: preview.changed, unchanged: preview.unchanged },
  });
  return { upload, preview };
}

async function uploadOf(tx: Tx, upload: string, actor: Actor) {
  const [row] = await tx
    .select()
    .from(catalogUploads)
    .where(and(eq(catalogUploads.id, upload), eq(catalogUploads.userId, actor.user?.id ?? 0)))
    .limit(1);
  if (!row) throw new AppError({ code: 'NOT_FOUND', message: 'catalogBulk.import.gone' });
  return row;
}

/** The preview of a kept upload, read again against the shop as it is now (the page between upload and confirm). */
export async function previewImport(
  upload: string | undefined,
  actor: Actor,
  scope: Scope,
  db: Tx = getDb(),
): Promise<ImportPreview | null> {
  if (!upload) return null;
  const row = await uploadOf(db, upload, actor);
  return (await checkFile(db, row.name, row.content, scope)).preview;
}

/**
 * Step 2 (`POST …/products/import/confirm {upload}`): the kept file checked again and written in this transaction
 * (the command line's writer, ops/catalog-import.ts `storeCatalog`); its stock changes are "counted" ledger rows by
 * this person. A seller's new products and new prices wait for the operator when the shop says so.
 */
export async function confirmImport(input: ImportConfirmInput, actor: Actor, { scope, tx, audit }: Access): Promise<ImportPreview> {
  const row = await uploadOf(tx, input.upload, actor);
  const { rows, preview, current } = await checkFile(tx, row.name, row.content, scope);
  const waits = scope.kind === 'own' && (await changesWait(tx, scope));
  const pending = new Map<string, { selling: number; offered: number }>();
  const written = rows.map((r) => {
    const before = current.get(r.slug);
    if (!waits || !before || (before.selling === r.selling && before.offered === r.offered)) return r;
    // A live product keeps its price until the operator approves the new one (catalog/approval.ts).
    pending.set(r.slug, { selling: r.selling, offered: r.offered });
    return { ...r, selling: before.selling, offered: before.offered };
  });
  await explainStock(tx, { reason: 'counted', note: `import ${row.name}`, actorId: actor.user?.id ?? null });
  if (rows.some((r) => current.get(r.slug)?.stock !== r.stock)) stockChanged();
  await storeCatalog(
    tx,
    { categories: [], sub_categories: [], brands: [], stores: [], products: written, variants: [] },
    new Set(['products']),
  );
  if (waits) {
    const created = rows.filter((r) => !current.has(r.slug)).map((r) => r.slug);
    if (created.length)
      await tx.update(products).set({ approval: 'waiting', approvalRequestedAt: new Date() }).where(inArray(products.slug, created));
    for (const [slug, price] of pending)
      await tx
        .update(products)
        .set({ pendingSelling: price.selling, pendingOffered: price.offered, approvalRequestedAt: new Date(), approvalReason: null })
        .where(and(eq(products.slug, slug), eq(products.approval, 'approved')));
  }
  await tx.delete(catalogUploads).where(eq(catalogUploads.id, row.id));
  audit({
    entity: 'catalog_import',
    entityId: null,
    before: null,
    after: { name: row.name, rows: preview.rows, created: preview.created, changed: preview.changed, unchanged: preview.unchanged },
  });
  return preview;
}

/** The most products one export writes (a filtered list; the command line's `catalog:export` writes any number). */
export const EXPORT_MAX = 50_000;

/** The products list's filters as products.csv rows (the import's format), in the caller's scope, in id order. */
export async function exportProductsList(query: ProductsQuery, scope: Scope, db: Tx = getDb()): Promise<ProductRow[]> {
  const ids: number[] = [];
  let cursor = '';
  // The list's own keyset pages, so the export holds exactly what the filtered list shows.
  do {
    const page = await listEditorProducts({ ...query, cursor, per_page: 100 }, scope, db);
    ids.push(...page.items.map((r) => r.id));
    cursor = page.next_cursor ?? '';
  } while (cursor && ids.length < EXPORT_MAX);
  const out: ProductRow[] = [];
  ids.sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += 5000) out.push(...(await exportProductsById(db, ids.slice(i, i + 5000))));
  return out;
}
