import { z } from 'zod';
import { MAX_DB_INT, optionalText, recordId, requiredText } from '@/lib/schemas/fields';

/**
 * The inputs of the operator's shipping, tax and navigation screens (issue 34): `/admin/shipping`, `/admin/tax`,
 * the link lists of `/admin/settings`, and the payments screen's "test connection". Amounts are whole cents
 * (the JSON API's one money unit), rates basis points (825 = 8.25 %). Messages are the operator's.
 */

/**
 * Repeated rows from a plain form (`<prefix>_<field>` repeated, one per row, in order) or JSON (`<prefix>: [{…}]`),
 * as an array of rows; rows whose fields are all empty are dropped (the form's spare empty rows).
 */
export function repeatedRows(body: unknown, prefix: string, fields: readonly string[]): Record<string, unknown>[] | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const given = b[prefix];
  let rows: Record<string, unknown>[];
  if (Array.isArray(given)) rows = given.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object');
  else {
    const columns = fields.map((f) => {
      const v = b[`${prefix}_${f}`];
      return v === undefined ? [] : Array.isArray(v) ? v : [v];
    });
    const n = Math.max(0, ...columns.map((c) => c.length));
    if (n === 0 && given === undefined) return undefined;
    rows = Array.from({ length: n }, (_, i) => Object.fromEntries(fields.map((f, j) => [f, columns[j]![i] ?? ''])));
  }
  return rows.filter((r) => fields.some((f) => String(r[f] ?? '').trim() !== ''));
}

/** A whole number of cents: 0 or more (a fee is never negative). */
const cents = (type: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? 0 : Number(v.trim())) : v),
    z
      .number({ error: `${type} must be a whole number of cents, e.g. 499 for 4.99` })
      .int(`${type} must be a whole number of cents, e.g. 499 for 4.99`)
      .min(0, `${type} cannot be negative`)
      .max(MAX_DB_INT, `${type} is too large`),
  );

/** A free-shipping minimum in cents; left out or blank is none (0). */
const freeMin = () => z.preprocess((v) => (v === undefined || v === null ? 0 : v), cents('The free-shipping minimum'));

const checkbox = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((v) => v === true || v === 1 || v === 'on' || v === '1' || v === 'true');

/** ISO 3166-1 alpha-2 ("US"). */
const countryCode = z
  .string({ error: 'The country is a two-letter code such as US or DE' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'The country is a two-letter code such as US or DE');

/** A state's code ("CA"), or empty for every state of the country. */
const stateCode = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim().toUpperCase())
  .refine((v) => v === '' || /^[A-Z0-9]{1,3}$/.test(v), 'The state is a code of 1 to 3 letters or digits such as CA, or empty for the whole country')
  .transform((v) => (v === '' ? null : v));

const days = z
  .string({ error: 'Delivery days are a number or a range such as 3-7' })
  .optional()
  .transform((v) => (v ?? '').trim() || '3-7')
  .refine((v) => /^\d{1,2}(-\d{1,2})?$/.test(v), 'Delivery days are a number or a range such as 3-7');

const PLACE_FIELDS = ['country', 'state', 'price', 'day_needed', 'free_shipping_min'] as const;

/**
 * One shipping rule of a store with its places (`POST api/v1/admin/shipping`, `api/v1/seller/store/shipping`; with
 * `id` it replaces that rule). A seller's `store_id` is implied. A free-shipping minimum of 0 is none.
 */
export const ShippingRuleWriteSchema = z.preprocess(
  (body) => (body && typeof body === 'object' ? { ...body, places: repeatedRows(body, 'places', PLACE_FIELDS) ?? [] } : body),
  z
    .object({
      id: recordId('Shipping rule').optional(),
      store_id: z
        .union([z.literal(''), z.null(), recordId('Store')])
        .optional()
        .transform((v) => (v === '' || v === undefined ? null : v)),
      title: requiredText('Title', 100),
      shipping_type: z.coerce
        .number({ error: 'Choose delivery or pickup' })
        .refine((v) => v === 1 || v === 2, 'Choose delivery or pickup')
        .transform((v) => v as 1 | 2),
      allow_others: checkbox,
      default_price: cents('The fee for other places'),
      day_needed: days,
      free_shipping_min: freeMin(),
      places: z
        .array(
          z.object({
            country: countryCode,
            state: stateCode,
            price: cents('A place’s fee'),
            day_needed: days,
            free_shipping_min: freeMin(),
          }),
        )
        .max(300, 'At most 300 places per rule'),
    })
    .refine(
      (r) => new Set(r.places.map((p) => `${p.country}/${p.state ?? ''}`)).size === r.places.length,
      { path: ['places'], message: 'Each country and state is listed once per rule' },
    ),
);
export type ShippingRuleWriteInput = z.output<typeof ShippingRuleWriteSchema>;

export const ShippingRuleIdSchema = z.object({ id: recordId('Shipping rule') });
export const ShippingListSchema = z.object({});

/** A store's free-shipping minimum and pickup points (`POST api/v1/admin/shipping/stores`). */
export const StoreShippingSchema = z.object({
  store_id: recordId('Store'),
  free_shipping_min: cents('The free-shipping minimum'),
  pickup_points: optionalText('Pickup points', 1000).optional().default(''),
});
export type StoreShippingInput = z.output<typeof StoreShippingSchema>;

/** A tax rate for a country or one of its states (`POST api/v1/admin/tax`; with `id` it replaces that rate). */
export const TaxRateWriteSchema = z.object({
  id: recordId('Tax rate').optional(),
  country: countryCode,
  state: stateCode,
  title: optionalText('Title', 60)
    .optional()
    .transform((v) => v || 'Tax'),
  rate_bp: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.trim() || 'NaN') : v),
    z
      .number({ error: 'The rate is a whole number of basis points, e.g. 825 for 8.25 %' })
      .int('The rate is a whole number of basis points, e.g. 825 for 8.25 %')
      .min(0, 'The rate cannot be negative')
      .max(10_000, 'The rate cannot be more than 100 % (10000 basis points)'),
  ),
});
export type TaxRateWriteInput = z.output<typeof TaxRateWriteSchema>;
export const TaxRateIdSchema = z.object({ id: recordId('Tax rate') });

/** A link of the header, footer and social lists: a title, an optional slug, and an address on the shop or https. */
const LINK_FIELDS = ['title', 'slug', 'link'] as const;
const linkRow = z.object({
  title: requiredText('A link’s title', 100),
  slug: optionalText('A link’s slug', 100)
    .optional()
    .default('')
    .refine((v) => v === '' || /^[a-z0-9][a-z0-9-]*$/i.test(v), 'A slug is letters, digits and dashes, such as about-us'),
  link: z
    .string({ error: 'A link is an address on the shop such as /page/about, or one starting with https://' })
    .trim()
    .max(500, 'A link is at most 500 characters')
    .refine(
      (v) => v === '' || /^\/(?!\/)[^\s<>"']*$/.test(v) || /^https:\/\/[a-z0-9.-]+(?::\d+)?(\/[^\s<>"']*)?$/i.test(v),
      'A link is an address on the shop such as /page/about, or one starting with https://',
    ),
});
/** The link lists the storefront's header and footer show (the spec's `common`). */
export const LINK_LISTS = ['header_left', 'header_right', 'services', 'about', 'social'] as const;
export type LinkListName = (typeof LINK_LISTS)[number];

export const NavigationSchema = z.preprocess(
  (body) =>
    body && typeof body === 'object'
      ? Object.fromEntries(LINK_LISTS.map((name) => [name, repeatedRows(body, name, LINK_FIELDS) ?? []]))
      : body,
  z.object(Object.fromEntries(LINK_LISTS.map((name) => [name, z.array(linkRow).max(30, 'At most 30 links per list')])) as Record<
    LinkListName,
    z.ZodArray<typeof linkRow>
  >),
);
export type NavigationInput = z.output<typeof NavigationSchema>;

/** `POST api/v1/admin/payments/test {gateway}`. */
export const GatewayTestSchema = z.object({
  gateway: z
    .string({ error: 'Choose a gateway' })
    .trim()
    .regex(/^[a-z_]{2,30}$/, 'Choose a gateway'),
});

const GA_ID = /^(G-[A-Z0-9]{4,16}|UA-\d{4,10}-\d{1,4})$/;
const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
const tagId = (re: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().toUpperCase())
    .refine((v) => v === '' || re.test(v), message);
const languageCode = z
  .string({ error: 'Choose a language' })
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'Choose a language');

/**
 * The operator's own scripts, one https address a line; a line ending in ` everywhere` also loads on private
 * pages (account, cart, checkout). Absent: the stored ones are kept (only the owner sees the field).
 */
const scriptLines = z
  .union([z.string(), z.array(z.object({ src: z.string(), everywhere: z.boolean().optional() }))])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const rows = Array.isArray(v)
      ? v.map((s) => ({ src: s.src.trim(), everywhere: Boolean(s.everywhere) }))
      : v
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => {
            const everywhere = /\s+everywhere$/i.test(line);
            return { src: line.replace(/\s+everywhere$/i, ''), everywhere };
          });
    for (const row of rows) {
      let ok = false;
      try {
        const url = new URL(row.src);
        ok = url.protocol === 'https:' && !url.username && !url.password && row.src.length <= 500;
      } catch {
        ok = false;
      }
      if (!ok) {
        ctx.addIssue({ code: 'custom', message: 'A script is an address starting with https://, one a line' });
        return z.NEVER;
      }
    }
    if (rows.length > 10) {
      ctx.addIssue({ code: 'custom', message: 'At most 10 scripts' });
      return z.NEVER;
    }
    return rows;
  });

/** The site's switches and tags (`POST api/v1/admin/settings/site`): sign-in buttons, analytics, languages, scripts. */
export const SiteSwitchesSchema = z
  .object({
    payment_title: optionalText('The payment methods’ heading', 100).optional().default(''),
    google_login: checkbox,
    facebook_login: checkbox,
    enable_ga: checkbox,
    ga_id: tagId(GA_ID, 'The analytics id looks like G-XXXXXXX'),
    enable_gtm: checkbox,
    gtm_id: tagId(GTM_ID, 'The tag manager id looks like GTM-XXXXXX'),
    default_language: languageCode,
    languages: z
      .union([languageCode, z.array(languageCode)])
      .optional()
      .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
    custom_scripts: scriptLines,
  })
  .refine((s) => s.languages.includes(s.default_language), {
    path: ['languages'],
    message: 'The default language must be one of the languages offered',
  })
  .refine((s) => !s.enable_ga || s.ga_id !== '', { path: ['ga_id'], message: 'The analytics id looks like G-XXXXXXX' })
  .refine((s) => !s.enable_gtm || s.gtm_id !== '', { path: ['gtm_id'], message: 'The tag manager id looks like GTM-XXXXXX' });
export type SiteSwitchesInput = z.output<typeof SiteSwitchesSchema>;
