import { z } from 'zod';
import { optionalText, recordId, requiredText } from '@/lib/schemas/fields';

/**
 * The inputs of the back office's content screens (issue 34): banners and the home page's blocks, static pages
 * and blog posts per language. Messages are the operator's.
 */

/** A checkbox or `1`/`true` (absent: off, as a plain form sends an unticked box). */
export const checkbox = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((v) => v === true || v === 1 || v === 'on' || v === '1' || v === 'true');

/** A moment typed in a `datetime-local` field or sent as ISO, or nothing ('' or absent). */
export const moment = (type: string) =>
  z
    .union([z.literal(''), z.null(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const at = new Date(v);
      if (Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${type} must be a date and time, e.g. 2026-12-01 09:00` });
        return z.NEVER;
      }
      return at;
    });

/** Banner types: 1 the home page's main slider, 2–9 the blocks further down (the spec's banner types). */
export const BANNER_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** Where a banner leads: 1 categories, 2 sub-categories, 3 tags, 4 brands, 5 products, 6 a url. */
export const BANNER_SOURCES = [1, 2, 3, 4, 5, 6] as const;

const choice = (type: string, values: readonly number[]) =>
  z.coerce
    .number({ error: `Choose the ${type}` })
    .int(`Choose the ${type}`)
    .refine((v) => values.includes(v), `Choose the ${type}`);

/** A banner from the editor (`POST api/v1/admin/banners` creates, `…/banners/{id}` updates; multipart with `image`). */
export const BannerWriteSchema = z
  .object({
    id: recordId('Banner').optional(),
    type: choice('banner type', BANNER_TYPES),
    title: requiredText('Title', 200),
    subtitle: optionalText('Subtitle', 300).optional().default(''),
    source_type: choice('link type', BANNER_SOURCES),
    source_value: requiredText('Link', 1000),
    position: z.coerce
      .number({ error: 'Order must be a whole number' })
      .int('Order must be a whole number')
      .min(0, 'Order must be 0 or more')
      .max(10_000, 'Order must be at most 10000')
      .optional()
      .default(0),
    shown: checkbox,
    closable: checkbox,
    starts_at: moment('Start'),
    ends_at: moment('End'),
    image: z.unknown().optional(),
  })
  .refine((b) => !b.starts_at || !b.ends_at || b.ends_at > b.starts_at, { message: 'The end must be after the start', path: ['ends_at'] })
  .refine((b) => b.source_type !== 6 || /^(\/(?!\/)|https?:\/\/)/i.test(b.source_value), {
    message: 'A link must start with / (a page of the shop) or with https://',
    path: ['source_value'],
  })
  .refine((b) => b.source_type === 6 || /^[a-z0-9-]+(,[a-z0-9-]+)*$/i.test(b.source_value), {
    message: 'List ids or slugs separated by commas, e.g. 3,7',
    path: ['source_value'],
  });
export type BannerWriteInput = z.output<typeof BannerWriteSchema>;

export const BannerIdSchema = z.object({ id: recordId('Banner') });

/** A language of the shop's content (`en`, `ar`, `fr`…). */
export const language = z
  .string({ error: 'Choose a language' })
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Choose a language');

/** HTML from the editor: kept to 200 000 characters; the shop's sanitizing policy runs before it is stored. */
export const html = z
  .string({ error: 'Text is required' })
  .max(200_000, 'The text must be at most 200000 characters')
  .refine((v) => v.trim().length > 0, 'Text is required');

/**
 * A static page in one language (`POST api/v1/admin/pages` creates in the default language, `…/pages/{id}` saves
 * the language given). Its slug is fixed once made (links and the sitemap name it).
 */
export const PageWriteSchema = z.object({
  id: recordId('Page').optional(),
  lang: language,
  slug: z
    .union([z.literal(''), z.string().trim().toLowerCase().max(80, 'The slug must be at most 80 characters')])
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v), 'The slug must be lower-case letters, digits and single hyphens'),
  title: requiredText('Title', 200),
  content: html,
  meta_description: optionalText('Description for search engines', 300).optional().default(''),
  published: checkbox,
});
export type PageWriteInput = z.output<typeof PageWriteSchema>;

export const PageOneSchema = z.object({ id: recordId('Page'), lang: language.optional() });

const hexColor = (type: string) =>
  z
    .string({ error: `${type} is required` })
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, `${type} must be a colour such as #0b7a5c`);

/** The shop's name, contact, colours, currency display and switches (`POST api/v1/admin/settings`). */
export const ShopSettingsSchema = z.object({
  site_name: requiredText('Shop name', 100),
  copyright_text: optionalText('Copyright', 200).optional().default(''),
  meta_description: optionalText('Description for search engines', 300).optional().default(''),
  primary_color: hexColor('Primary colour'),
  primary_hover_color: hexColor('Hover colour'),
  phone: optionalText('Phone', 40).optional().default(''),
  email: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .toLowerCase()
        .max(200)
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'Enter an email such as shop@example.com'),
    ])
    .optional()
    .default(''),
  address: optionalText('Address', 300).optional().default(''),
  currency: z
    .string({ error: 'Currency is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'The currency is a three-letter code such as USD or EUR'),
  currency_icon: requiredText('Currency symbol', 5),
  currency_position: z.coerce
    .number({ error: 'Choose where the symbol goes' })
    .refine((v) => v === 1 || v === 2, 'Choose where the symbol goes')
    .transform((v) => v as 1 | 2),
  decimal_format: z
    .string({ error: 'Number format is required' })
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'The number format is a locale such as en-US or fr-FR'),
  vendor_registration: checkbox,
  cookie_banner: checkbox,
});
export type ShopSettingsInput = z.output<typeof ShopSettingsSchema>;

/**
 * Gateway keys from the payments screen (`POST api/v1/admin/payments`): a field left empty keeps the stored key;
 * `clear` lists keys to forget. Names are the environment variables' (STRIPE_SECRET_KEY…).
 */
export const GatewayKeysSchema = z
  .record(z.string(), z.unknown())
  .transform((body) => {
    const keys: Record<string, string> = {};
    for (const [name, value] of Object.entries(body))
      if (/^[A-Z][A-Z0-9_]+$/.test(name) && typeof value === 'string' && value.trim()) keys[name] = value.trim();
    const raw = body.clear ?? body['clear[]'];
    const clear = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((v): v is string => typeof v === 'string');
    return { keys, clear };
  })
  .refine(
    (v) => Object.values(v.keys).every((k) => k.length <= 500 && !/\s/.test(k)),
    'A key is one word of at most 500 characters, without spaces',
  );
