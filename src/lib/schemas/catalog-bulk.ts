import { z } from 'zod';
import { MAX_DB_INT, recordId } from '@/lib/schemas/fields';

/**
 * Bulk work on the catalogue (issue 33): the price-and-stock grid of many products, and the catalogue file
 * imported from the back office (the command line's format and checks, ops/catalog-rows.ts). Messages are the
 * English values of keys in catalog-bulk.json.
 */

/** How many products one save of the grid takes (a page of the list is at most 100; the API takes more). */
export const GRID_MAX_ROWS = 500;

/** A grid cell: a whole number of minor units or pieces, typed as text by a form. */
const cell = (messages: { number: string; negative: string; large: string }) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.coerce.number({ error: messages.number }).int(messages.number).min(0, messages.negative).max(MAX_DB_INT, messages.large),
  );
const selling = cell({
  number: 'The selling price must be a whole number of cents (1999 for 19.99)',
  negative: 'Prices cannot be negative',
  large: 'That price is too large',
});
const offered = cell({
  number: 'The offered price must be a whole number of cents (0: no offer)',
  negative: 'Prices cannot be negative',
  large: 'That price is too large',
});
const stock = cell({
  number: 'Stock must be a whole number of pieces',
  negative: 'Stock cannot be negative',
  large: 'That is more stock than the shop can count',
});
/** The row's version when the grid was drawn (the database's row version, catalog/grid-manage.ts). */
const version = z.coerce.number({ error: 'Reload the grid and try again' }).int('Reload the grid and try again').min(0);

/** One product's row: its new prices and stock, the version it was drawn at and (optional) what it showed then. */
const GridRow = z.object({
  id: recordId('Product'),
  version,
  selling,
  offered,
  stock,
  /** What the grid showed ("selling,offered,stock"): a row typed back to it is left alone. */
  was: z
    .string()
    .regex(/^\d+,\d+,\d+$/)
    .optional()
    .catch(undefined),
});
export type GridRowInput = z.output<typeof GridRow>;

const many = (v: unknown) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);

/**
 * The grid saved (`POST api/v1/{admin|seller}/products/grid`): JSON `{rows: [{id, version, selling, offered, stock,
 * was?}]}`, or the plain form's parallel fields (`product_id`, `version`, `was`, `selling`, `offered`, `stock`).
 */
export const ProductsGridSchema = z.preprocess(
  (b) => {
    if (!b || typeof b !== 'object') return b;
    const body = b as Record<string, unknown>;
    if (body.rows !== undefined) return body;
    const ids = many(body.product_id);
    const [versions, was, sellings, offers, stocks] = [
      many(body.version),
      many(body.was),
      many(body.selling),
      many(body.offered),
      many(body.stock),
    ];
    return {
      rows: ids.map((id, i) => ({ id, version: versions[i], was: was[i], selling: sellings[i], offered: offers[i], stock: stocks[i] })),
    };
  },
  z.object({
    rows: z
      .array(GridRow, { error: 'Send the rows of the grid' })
      .min(1, 'There is nothing to save')
      .max(GRID_MAX_ROWS, 'Save at most 500 products at once'),
  }),
);
export type ProductsGridInput = z.output<typeof ProductsGridSchema>;

/** The largest catalogue file the back office takes (5 MB: some 20,000 products). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** A catalogue file uploaded for its preview (`POST …/products/import`, multipart `file`). */
export const ImportUploadSchema = z.object({ file: z.unknown() });

/** The checked upload confirmed (`POST …/products/import/confirm {upload}`). */
export const ImportConfirmSchema = z.object({
  upload: z.string({ error: 'Upload the file again' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'Upload the file again'),
});
export type ImportConfirmInput = z.output<typeof ImportConfirmSchema>;

/** The preview page's query (`GET …/products/import?upload=`). */
export const ImportPreviewSchema = z.object({
  upload: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional()
    .catch(undefined),
});
