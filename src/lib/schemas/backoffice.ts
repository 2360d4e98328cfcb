import { z } from 'zod';
import { emailField, MAX_DB_INT, optionalText, recordId, requiredText } from '@/lib/schemas/fields';
import { CARRIER_IDS, type Carrier } from '@/lib/carriers';

/** The most rows one page of a back-office list shows (DESIGN.md: `per_page` ≤ 100). */
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 25;

/** What every back-office list takes in its query string (DESIGN.md "Lists"); each list adds its own filters. */
export const ListQuerySchema = z.object({
  q: optionalText('Search', 200).optional().default(''),
  dir: z.enum(['asc', 'desc'], { error: 'Direction must be asc or desc' }).optional().default('desc'),
  per_page: z.coerce
    .number({ error: 'Rows per page must be a number' })
    .int('Rows per page must be a whole number')
    .min(1, `Rows per page must be between 1 and ${MAX_PER_PAGE}`)
    .max(MAX_PER_PAGE, `Rows per page must be between 1 and ${MAX_PER_PAGE}`)
    .optional()
    .default(DEFAULT_PER_PAGE),
  cursor: z.string().max(400, 'This page link is broken. Start from the first page.').optional().default(''),
});
export type ListQuery = z.output<typeof ListQuerySchema>;

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

export const AuditQuerySchema = ListQuerySchema.extend({
  entity: optionalText('Entity', 60).optional().default(''),
  entity_id: optionalText('Entity id', 60).optional().default(''),
  action: optionalText('Action', 80).optional().default(''),
  actor_id: z
    .union([z.literal(''), recordId('Who')])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  from: day('From'),
  to: day('To'),
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const StaffQuerySchema = ListQuerySchema.extend({
  role: z.enum(['', 'owner', 'staff', 'seller'], { error: 'Role must be owner, staff or seller' }).optional().default(''),
});
export type StaffQuery = z.output<typeof StaffQuerySchema>;

/** Checkbox lists from a form (`permissions=a&permissions=b`) or JSON arrays; one value is a list of one. */
const list = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

export const InviteStaffSchema = z.object({
  name: requiredText('Name', 120),
  email: emailField(),
  permissions: list,
});
export type InviteStaffInput = z.output<typeof InviteStaffSchema>;

export const UpdateStaffSchema = z.object({
  id: recordId('Staff member'),
  permissions: list,
});

export const StaffIdSchema = z.object({ id: recordId('Staff member') });

export const TwoFactorCodeSchema = z.object({
  code: requiredText('Code', 40),
});

export const RequireTwoFactorSchema = z.object({
  require_two_factor: z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((v) => v === true || v === 1 || v === 'on' || v === '1' || v === 'true'),
});

const optionalNumber = (type: string, max: number) =>
  z
    .union([
      z.literal(''),
      z.coerce
        .number({ error: `${type} must be a number` })
        .int(`${type} must be a whole number`)
        .min(0)
        .max(max),
    ])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));

export const OrdersQuerySchema = ListQuerySchema.extend({
  status: z
    .enum(['', 'pending', 'confirmed', 'picked_up', 'on_the_way', 'shipped', 'delivered', 'cancelled', 'refunded'], {
      error: 'This is not an order status',
    })
    .optional()
    .default(''),
  payment_status: z
    .union([
      z.literal(''),
      z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: 'Payment status must be 0 (unpaid) or 1 (paid)' })),
    ])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  payment_method: optionalNumber('Payment method', 20),
  store_id: z
    .union([z.literal(''), recordId('Store')])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  from: day('From'),
  to: day('To'),
});
export type OrdersQuery = z.output<typeof OrdersQuerySchema>;

/**
 * The order's version the screen was drawn at (orders.version), sent back by its forms: an action on an order
 * that changed since is refused (409, "this order changed"). Optional: a JSON client that leaves it out acts on
 * the order as it is.
 */
export const orderVersionField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: 'Version must be a whole number' })
    .int('Version must be a whole number')
    .min(0, 'Version must be a whole number')
    .max(MAX_DB_INT, 'Version must be a whole number')
    .optional(),
);

export const StaffOrderIdSchema = z.object({ id: recordId('Order'), version: orderVersionField });

export const OrderStatusChangeSchema = z.object({
  id: recordId('Order'),
  status: requiredText('Status', 20),
  note: optionalText('Note', 500).optional().default(''),
  version: orderVersionField,
});

/** A shipment's carrier (lib/carriers.ts). */
const carrierField = z.enum(CARRIER_IDS as [Carrier, ...Carrier[]], { error: 'Choose a carrier from the list' });

/** A bulk action on ticked orders (`ids` from the list's checkboxes): at most 100 at once. */
export const OrdersBulkSchema = z.object({
  ids: z
    .union([z.array(recordId('Order')), recordId('Order')])
    .transform((v) => [...new Set(Array.isArray(v) ? v : [v])])
    .refine((v) => v.length >= 1 && v.length <= 100, 'Tick between 1 and 100 orders'),
  action: z.enum(['confirm', 'ship'], { error: 'Choose what to do with the ticked orders' }),
  /** For `ship`: every line of each order goes with this carrier. */
  carrier: carrierField.optional().default('other'),
  /**
   * The version each listed order was drawn at (issue 32): `id:version` strings (the list's hidden fields, one per
   * row) or `{id: version}` (JSON). A ticked order whose version moved on since is skipped and named, never acted on.
   */
  versions: z
    .union([z.string(), z.array(z.string()), z.record(z.string(), z.union([z.number(), z.string()]))])
    .optional()
    .transform((v, ctx) => {
      const out = new Map<number, number>();
      if (v === undefined) return out;
      const pairs: [string, unknown][] =
        typeof v === 'string' ? [v.split(':') as [string, string]] : Array.isArray(v) ? v.map((p) => p.split(':') as [string, string]) : Object.entries(v);
      for (const [id, version] of pairs) {
        const n = Number(id);
        const ver = Number(version);
        if (!Number.isSafeInteger(n) || n < 1 || !Number.isSafeInteger(ver) || ver < 0 || String(version ?? '').trim() === '') {
          ctx.addIssue({ code: 'custom', message: 'The list’s order versions are broken. Reload the list and try again.' });
          return z.NEVER;
        }
        out.set(n, ver);
      }
      return out;
    }),
});

/** A quantity typed per line in the shipment form: empty or 0 is "none of this line". */
const shipQuantity = z
  .union([
    z.literal(''),
    z.coerce.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').min(0).max(MAX_DB_INT),
  ])
  .transform((v) => (v === '' ? 0 : v));

/** The form sends `line_id` and `quantity` once per row (in order); JSON sends `lines: [{line_id, quantity}]`. */
function formLines(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const body = raw as Record<string, unknown>;
  if (body.lines !== undefined || body.line_id === undefined) return body;
  const ids = ([] as unknown[]).concat(body.line_id);
  const quantities = ([] as unknown[]).concat(body.quantity ?? []);
  return { ...body, lines: ids.map((line_id, i) => ({ line_id, quantity: quantities[i] ?? '' })) };
}

/** `POST api/v1/{admin|seller}/orders/{id}/shipments {lines: [{line_id, quantity}], carrier?, tracking_number?}`. */
export const ShipmentSchema = z.preprocess(
  formLines,
  z.object({
    id: recordId('Order'),
    lines: z
      .array(z.object({ line_id: recordId('Order line'), quantity: shipQuantity }), { error: 'Choose at least one item to ship' })
      .max(500)
      .transform((lines) => lines.filter((l) => l.quantity > 0))
      .refine((lines) => lines.length > 0, 'Choose at least one item to ship'),
    carrier: carrierField.optional().default('other'),
    tracking_number: optionalText('Tracking number', 100).optional().default(''),
    version: orderVersionField,
  }),
);
export type ShipmentInput = z.output<typeof ShipmentSchema>;

/** The mail outbox list (`/admin/mail`, `api/v1/admin/mail`): waiting and failed by default. */
export const MailQuerySchema = ListQuerySchema.extend({
  status: z.enum(['', 'waiting', 'failed', 'sent'], { error: 'Status must be waiting, failed or sent' }).optional().default(''),
});
export type MailQuery = z.output<typeof MailQuerySchema>;

export const MailIdSchema = z.object({ id: recordId('Mail') });
