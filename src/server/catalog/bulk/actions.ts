import { defineAction } from '@/server/core/action';
import { ImportConfirmSchema, ImportUploadSchema, IMPORT_MAX_BYTES, ProductsGridSchema } from '@/lib/schemas/catalog-bulk';
import { saveProductsGrid } from '@/server/catalog/grid-manage';
import { confirmImport, uploadImport } from '@/server/catalog/import-manage';
import { localPath } from '@/lib/safe-redirect';

/** Bulk work on the catalogue (issue 33), declared once for `/admin` and `/seller` (the caller's scope). */

/** The grid's prices and stock (`POST …/products/grid`): one transaction, a changed row named and nothing written. */
export const saveProductsGridAction = defineAction({
  name: 'catalog.grid',
  input: ProductsGridSchema,
  auth: { can: 'update:product' },
  // Product pages, listings, search and the API cache show the new prices and stock on every process.
  invalidates: ['catalog'],
  run: saveProductsGrid,
  message: (r, t) => t('catalogBulk.grid.saved', { n: r.saved }),
});

/** A products.csv checked and previewed (`POST …/products/import`, multipart `file`): nothing of the catalogue is written. */
export const uploadImportAction = defineAction({
  name: 'catalog.importUpload',
  input: ImportUploadSchema,
  auth: { can: 'update:product' },
  upload: { limit: IMPORT_MAX_BYTES + 64 * 1024 },
  // Only the kept upload is written: no cache shows it.
  invalidates: [],
  run: uploadImport,
  message: 'catalogBulk.import.checked',
  // The plain form goes on to the preview of this upload.
  back: (r, _input, body) => `${(localPath(body._from) ?? '/admin/products/import').split('?')[0]}?upload=${r.upload}`,
});

/** The previewed upload written (`POST …/products/import/confirm {upload}`), checked again first. */
export const confirmImportAction = defineAction({
  name: 'catalog.import',
  input: ImportConfirmSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: confirmImport,
  message: (r, t) => t('catalogBulk.import.done', { created: r.created, changed: r.changed, unchanged: r.unchanged }),
  // Back to the import page without the upload (it is gone).
  back: (_r, _input, body) => (localPath(body._from) ?? '/admin/products/import').split('?')[0]!,
});
