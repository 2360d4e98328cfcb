import { defineQuery } from '@/server/core/query';
import { SellerIdSchema, SellersQuerySchema, StoresQuerySchema } from '@/lib/schemas/moderation';
import { getApplication, listApplications, listStores } from '@/server/sellers/manage';

/** Seller applications (`/admin/sellers`, `api/v1/admin/sellers`), newest first, by status. */
export const sellersList = defineQuery({
  name: 'sellers.list',
  input: SellersQuerySchema,
  auth: { can: 'approve:seller' },
  run: (input) => listApplications(input),
});

/** One application (`/admin/sellers/{id}`, `api/v1/admin/sellers/{id}`). */
export const sellerOne = defineQuery({
  name: 'sellers.one',
  input: SellerIdSchema,
  auth: { can: 'approve:seller' },
  run: ({ id }) => getApplication(id),
});

/** The stores, open and suspended (`/admin/stores`, `api/v1/admin/stores`). */
export const storesList = defineQuery({
  name: 'stores.list',
  input: StoresQuerySchema,
  auth: { can: 'approve:seller' },
  run: (input) => listStores(input),
});
