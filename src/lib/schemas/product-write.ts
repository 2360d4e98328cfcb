import { z } from 'zod';
import { MAX_DB_INT, recordId } from '@/lib/schemas/fields';

/** A price in the currency's minor unit (cents), as the JSON API takes every amount. */
const cents = (type: string) =>
  z.coerce
    .number({ error: `${type} must be a number` })
    .int(`${type} must be a whole number (in cents: 1999 for 19.99)`)
    .min(0, `${type} cannot be negative`)
    .max(MAX_DB_INT, `${type} is too large`);

/**
 * A product's prices from the back office (`POST api/v1/admin/products/{id}/prices`): the selling price and the
 * offered price (0: no offer), which must be below the selling price.
 */
export const ProductPricesSchema = z
  .object({
    id: recordId('Product'),
    selling: cents('Selling price').refine((v) => v > 0, 'Selling price must be more than 0'),
    offered: cents('Offered price').optional().default(0),
  })
  .refine((p) => p.offered < p.selling, {
    message: 'The offered price must be below the selling price (or 0 for no offer)',
    path: ['offered'],
  });
export type ProductPricesInput = z.output<typeof ProductPricesSchema>;
