import { z } from 'zod';

const LinkItem = z.object({ title: z.string(), slug: z.string().default(''), link: z.string().default('') });
const LinkList = z.array(LinkItem).default([]);
/** 1 public, 2 private (the spec's visibility values). */
const Visibility = z.union([z.literal(1), z.literal(2)]);

export const SettingSchema = z.object({
  currency: z.string().default('USD'),
  currency_icon: z.string().default('$'),
  decimal_format: z.string().default('en-US'),
  /** 1 before the number, 2 after. */
  currency_position: z.union([z.literal(1), z.literal(2)]).default(1),
  phone: z.string().default(''),
  email: z.string().default(''),
  address: z.string().default(''),
  vendor_registration: z.boolean().default(true),
  cookie_banner: z.boolean().default(true),
  enable_ga: z.boolean().default(false),
  ga_id: z.string().default(''),
  /** Google Tag Manager container (GTM-…), loaded like analytics: after consent, never on private pages. */
  enable_gtm: z.boolean().default(false),
  gtm_id: z.string().default(''),
  google_login: z.boolean().default(false),
  facebook_login: z.boolean().default(false),
  /** External product-authentication link in the Support menu. */
  product_authentication_url: z.string().default(''),
  default_country: z.string().default('AF'),
  default_state: z.string().default('BDS'),
  chat_url: z.string().default(''),
  /**
   * Minutes an order paid online may stay unpaid: after that it is cancelled and its stock and voucher are
   * released (orders/expiry.ts). Cash on delivery and bank transfer never expire this way.
   */
  unpaid_order_minutes: z.number().int().min(5).max(10_080).default(30),
  /**
   * The shop's time zone (IANA, e.g. Europe/Paris): reports count days in it. One the server does not know
   * reads as UTC. After changing it, `npm run shop -- reports:rebuild` recounts the reports' days.
   */
  time_zone: z
    .string()
    .default('UTC')
    .transform((zone) => (knownTimeZone(zone) ? zone : 'UTC')),
});

function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const SiteSettingSchema = z.object({
  header_logo: z.string().default('/brand/logo.svg'),
  site_name: z.string().default('Voltmart'),
  copyright_text: z.string().default('Voltmart. All rights reserved.'),
  primary_color: z.string().default('#0b7a5c'),
  primary_hover_color: z.string().default('#086149'),
  meta_description: z.string().default('Chargers, power banks, cables, smart scales and toys from independent electronics stores.'),
});

export const BannerNoticeSchema = z.object({
  status: Visibility.default(2),
  title: z.string().default(''),
  image: z.string().default(''),
  url: z.string().default(''),
  /** Where it leads (the spec's source types): 6 its own `url`, 1–5 the listing of `source_value`'s ids or slugs. */
  source_type: z.number().int().min(1).max(6).default(6).catch(6),
  source_value: z.string().default('').catch(''),
  closable: z.boolean().default(true),
  /** Changing the version shows a dismissed banner again. */
  version: z.string().default('1'),
});

/**
 * The shop's own bank account for bank transfers (method 7): shown at checkout, on the success and order
 * pages and in the confirmation mail, with the order number as the reference to quote. Bank transfer is
 * offered only once the operator has set a bank and an account number or IBAN.
 */
export const BankAccountSchema = z.object({
  bank_name: z.string().trim().max(100).default(''),
  account_holder: z.string().trim().max(100).default(''),
  account_number: z.string().trim().max(50).default(''),
  iban: z.string().trim().max(50).default(''),
  branch_name: z.string().trim().max(100).default(''),
  /** SWIFT/BIC for transfers from abroad (optional). */
  swift: z.string().trim().max(20).default(''),
});

export const SettingsSchema = z.object({
  setting: SettingSchema.prefault({}),
  site_setting: SiteSettingSchema.prefault({}),
  header_links: z.object({ left: LinkList, right: LinkList }).prefault({}),
  top_banner: BannerNoticeSchema.prefault({}),
  popup_banner: BannerNoticeSchema.prefault({}),
  services: LinkList,
  about: LinkList,
  payment: z.object({ image: z.string().default('/brand/payments.svg'), title: z.string().default('We accept') }).prefault({}),
  social: LinkList,
  /** Payment methods (1–8) the operator switched off at checkout; a method is offered when configured and not here. */
  payment_methods: z.object({ off: z.array(z.number().int()).default([]) }).prefault({}),
  bank_account: BankAccountSchema.prefault({}),
  /** The operator's own scripts (https only), loaded after consent; on private pages only with `everywhere`. */
  custom_scripts: z.array(z.object({ src: z.string(), everywhere: z.boolean().default(false) })).default([]),
  /** The commission a store pays when the operator set none of its own, in basis points (1000 = 10 %); see docs/decisions/0031. */
  commission: z.object({ default_rate_bp: z.number().int().min(0).max(10_000).default(1000) }).prefault({}),
  default_language: z.string().default('en'),
  default_image: z.string().default('/images/placeholder.svg'),
  img_src_url: z.string().default('/'),
  thumb_prefix: z.string().default('thumb-'),
  /** The back office's own rules (never sent to shoppers: `common` leaves it out). */
  back_office: z
    .object({
      /** Staff and sellers must sign in with a second factor (TOTP) before the back office opens. */
      require_two_factor: z.boolean().default(false),
      /** Sellers' new products and price changes wait for the operator's approval (false: they go live at once). */
      seller_approval: z.boolean().default(false),
    })
    .prefault({}),
});

export type Settings = z.infer<typeof SettingsSchema>;
export type Setting = z.infer<typeof SettingSchema>;
export type SiteSetting = z.infer<typeof SiteSettingSchema>;
export type BankAccount = z.infer<typeof BankAccountSchema>;
export const SETTING_KEYS = Object.keys(SettingsSchema.shape) as (keyof Settings)[];
