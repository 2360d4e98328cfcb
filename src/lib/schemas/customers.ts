import { z } from 'zod';
import { ListQuerySchema } from '@/lib/schemas/backoffice';
import { recordId, requiredText } from '@/lib/schemas/fields';

/** The inputs of the back office's customers (issue 32): the list's filters, one customer, their notes and erasure. */

/** A day typed in a date field (`2026-11-26`), or nothing. */
const day = (type: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine(
      (v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
      `${type} must be a date (YYYY-MM-DD)`,
    );

export const CustomersQuerySchema = ListQuerySchema.extend({
  status: z.enum(['', 'active', 'disabled', 'erased'], { error: 'Status must be active, disabled or erased' }).optional().default(''),
  orders: z.enum(['', 'yes', 'no'], { error: 'Has orders must be yes or no' }).optional().default(''),
  from: day('From'),
  to: day('To'),
});
export type CustomersQuery = z.output<typeof CustomersQuerySchema>;

export const CustomerIdSchema = z.object({ id: recordId('Customer') });

export const CustomerNoteSchema = z.object({
  id: recordId('Customer'),
  note: requiredText('Note', 2000, { multiline: true }),
});

/** Erasing asks the operator to type the word ERASE: a slip of the mouse never erases a person. */
export const EraseCustomerSchema = z.object({
  id: recordId('Customer'),
  confirm: z
    .string({ error: 'Type ERASE to confirm' })
    .trim()
    .refine((v) => v.toUpperCase() === 'ERASE', 'Type ERASE to confirm'),
});
