import { defineQuery } from '@/server/core/query';
import { ProductsQuerySchema } from '@/lib/schemas/product-write';
import { ImportPreviewSchema } from '@/lib/schemas/catalog-bulk';
import { listGridProducts } from '@/server/catalog/grid-manage';
import { exportProductsList, previewImport } from '@/server/catalog/import-manage';

/** Bulk work's reads (issue 33), in the caller's scope. */

/** The grid's page (`GET …/products/grid`): the products list's filters and keyset pages, each row with its version. */
export const productsGrid = defineQuery({
  name: 'products.grid',
  input: ProductsQuerySchema,
  auth: { can: 'update:product' },
  run: (input, _actor, scope) => listGridProducts(input, scope),
});

/** The filtered products list as products.csv rows (`GET …/products/export`). */
export const productsExport = defineQuery({
  name: 'products.export',
  input: ProductsQuerySchema,
  auth: { can: 'read:product' },
  run: (input, _actor, scope) => exportProductsList(input, scope),
});

/** A kept upload's preview, read again against the shop (`GET …/products/import?upload=`); null without an upload. */
export const importPreview = defineQuery({
  name: 'products.importPreview',
  input: ImportPreviewSchema,
  auth: { can: 'update:product' },
  run: ({ upload }, actor, scope) => previewImport(upload, actor, scope),
});
