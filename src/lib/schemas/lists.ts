import { z } from 'zod';
import { MAX_DB_INT } from '@/lib/schemas/fields';

const idField = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(MAX_DB_INT, message);

/** `user/wishlist/action` and `user/compare-list/action`: `{product_id}` (the spec's body). */
export const ProductListSchema = z.object({
  product_id: idField('Product is required'),
  /** Absent: toggle. `1`/`0` sets the state (a remove button; a plain form sent twice stays right). */
  on: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === '1' || v === 'true')),
});
export type ProductListInput = z.infer<typeof ProductListSchema>;

/** `user/vouchers/collect`: `{voucher_id}`. */
export const CollectVoucherSchema = z.object({ voucher_id: idField('Voucher is required') });
export type CollectVoucherInput = z.infer<typeof CollectVoucherSchema>;
