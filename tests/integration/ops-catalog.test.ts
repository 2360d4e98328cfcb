import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, useTestDatabase, type TestDatabase } from '../setup/db';
import { exportCatalog } from '@/server/ops/catalog-export';
import { readCatalog, writeCatalog } from '@/server/ops/catalog-files';
import { CatalogImportError, importCatalog } from '@/server/ops/catalog-import';
import { fingerprintDatabase } from '@/server/ops/fingerprint';

/**
 * `npm run shop -- catalog:export|catalog:import` (issue 18): the demo catalogue exported as JSON and
 * as CSV and imported into an empty shop is the same catalogue; importing it again changes nothing;
 * a file with bad rows is refused with their line numbers and writes nothing.
 */
const shop = useTestDatabase({ demo: true });
let dir: string;
let empty: TestDatabase;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-catalog-'));
  empty = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await empty?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('catalogue export and import', () => {
  for (const format of ['json', 'csv'] as const) {
    it(`an export as ${format} re-imported into an empty shop gives the same catalogue, and a second import changes nothing`, async () => {
      const original = await exportCatalog(shop.current().database.db);
      expect(original.products.length).toBeGreaterThanOrEqual(250);
      expect(original.variants.length).toBeGreaterThan(0);
      expect(original.products.some((p) => p.images.length > 1)).toBe(true);
      const file = path.join(dir, format === 'json' ? 'catalog.json' : 'catalog-csv');
      writeCatalog(file, original);

      const target = empty.database.db;
      const { rows, present } = readCatalog(file);
      const counts = await importCatalog(target, rows, present);
      expect(counts).toMatchObject({
        products: original.products.length,
        variants: original.variants.length,
        stores: original.stores.length,
      });
      expect(await exportCatalog(target)).toEqual(original);

      const before = await fingerprintDatabase(target);
      await importCatalog(target, rows, present);
      expect(await fingerprintDatabase(target)).toEqual(before);
    });
  }

  it('a CSV with bad rows is refused with their line numbers, and nothing is written', async () => {
    const folder = path.join(dir, 'bad');
    fs.mkdirSync(folder);
    fs.writeFileSync(
      path.join(folder, 'brands.csv'),
      ['slug,title,image,featured,status', 'new-brand,New brand,,false,1', 'Bad Slug,Broken,,maybe,1', 'new-brand,Twice,,,'].join('\n') +
        '\n',
    );
    fs.writeFileSync(
      path.join(folder, 'products.csv'),
      [
        'slug,title,store,category,brand,selling,offered,stock,images',
        'fine-product,A fine product,volt-depot,cables,new-brand,1999,0,5,/a.jpg|/b.jpg',
        'cheap-product,Price in dollars,volt-depot,cables,,19.99,0,5,',
        'lost-product,Nowhere,no-such-store,chargers,,1000,1500,-2,',
      ].join('\n') + '\n',
    );
    const target = empty.database.db;
    const before = await fingerprintDatabase(target);
    const { rows, present } = readCatalog(folder);
    const error = await importCatalog(target, rows, present).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogImportError);
    const problems = (error as CatalogImportError).problems;
    expect(problems).toEqual([
      'brands.csv line 3: slug: must be lower-case letters, digits and single hyphens, e.g. usb-c-chargers',
      'brands.csv line 3: featured: must be true or false',
      'brands.csv line 4: the same slug as brands.csv line 2',
      'products.csv line 3: selling: must be a whole number (in cents: 1999 for 19.99)',
      'products.csv line 4: stock: must be 0 or more (pieces in stock)',
      'products.csv line 4: offered: must be below selling (0 when there is no offer)',
    ]);
    expect(await fingerprintDatabase(target)).toEqual(before);
  });

  it('a reference to a store, category or brand that exists nowhere names the row', async () => {
    const folder = path.join(dir, 'refs');
    fs.mkdirSync(folder);
    fs.writeFileSync(
      path.join(folder, 'products.csv'),
      ['slug,title,store,category,brand,selling', 'orphan-product,Orphan,no-such-store,no-such-category,no-such-brand,1000'].join('\n') +
        '\n',
    );
    const { rows, present } = readCatalog(folder);
    const error = (await importCatalog(empty.database.db, rows, present).catch((e: unknown) => e)) as CatalogImportError;
    expect(error.problems).toEqual([
      'products.csv line 2: store: no store "no-such-store" in the file or the shop',
      'products.csv line 2: category: no category "no-such-category" in the file or the shop',
      'products.csv line 2: brand: no brand "no-such-brand" in the file or the shop',
    ]);
  });

  it('an image that is not a path or an http(s) address is refused', async () => {
    const folder = path.join(dir, 'images');
    fs.mkdirSync(folder);
    fs.writeFileSync(
      path.join(folder, 'brands.csv'),
      'slug,title,image\nodd-brand,Odd,javascript:alert(1)\nfine-brand,Fine,/uploads/brands/fine.png\n',
    );
    const { rows, present } = readCatalog(folder);
    const error = (await importCatalog(empty.database.db, rows, present).catch((e: unknown) => e)) as CatalogImportError;
    expect(error.problems).toEqual(['brands.csv line 2: image: must be a path on this shop (/uploads/…) or an http(s) address']);
  });

  it('an unknown column is refused before any row is read', () => {
    const folder = path.join(dir, 'columns');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'brands.csv'), 'slug,title,colour\nx,X,red\n');
    expect(() => readCatalog(folder)).toThrow('brands.csv line 1: unknown column colour (known: slug, title, image, featured, status).');
  });
});
