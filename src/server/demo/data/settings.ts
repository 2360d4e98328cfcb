import { SettingsSchema, type Settings } from '@/lib/schemas/settings';
import { bannerImage, PAYMENT_IMAGE } from '@/server/demo/data/images';

/** Every settings key for the demo shop, validated by the same schema that reads them. */
export const DEMO_SETTINGS: Settings = SettingsSchema.parse({
  setting: {
    currency: 'USD', currency_icon: '$', decimal_format: 'en-US', currency_position: 1,
    phone: '+1 512 555 0100', email: 'support@voltmart.example', address: '418 Congress Ave, Austin, TX 78701, United States',
    vendor_registration: true, cookie_banner: true, enable_ga: false, ga_id: '',
    google_login: false, facebook_login: false,
    product_authentication_url: 'https://verify.voltmart.example/',
    default_country: 'AF', default_state: 'BDS', chat_url: '',
  },
  site_setting: {
    header_logo: '/brand/logo.svg', site_name: 'Voltmart', copyright_text: 'Voltmart. All rights reserved.',
    primary_color: '#0b7a5c', primary_hover_color: '#086149',
    meta_description: 'Chargers, power banks, cables, smart scales, toy trains and RC cars from independent electronics stores.',
  },
  header_links: {
    left: [
      // Never a shop-wide free-shipping promise: each store sets its own minimum (stores.free_shipping_min).
      { title: 'Shipping: 3-7 business days', slug: 'shipping-policy', link: '/page/shipping-policy' },
      { title: 'Track your order', slug: 'track-order', link: '/track-order' },
    ],
    right: [
      { title: 'Flash sale', slug: 'flash-sale', link: '/flash-sale' },
      { title: 'Help & FAQ', slug: 'faq', link: '/page/faq' },
      { title: 'Contact', slug: 'contact', link: '/page/contact' },
    ],
  },
  // No picture: the strip is one line of text; a tiny thumbnail of a wide banner reads as noise.
  top_banner: { status: 1, title: 'Flash sale: up to 40% off chargers and power banks', image: '', url: '/flash-sale', closable: true, version: '1' },
  popup_banner: { status: 1, title: 'Get $5 off your first order with code WELCOME5', image: bannerImage('popup'), url: '/register', closable: true, version: '1' },
  services: [
    { title: 'Standard shipping 3-7 business days', slug: 'shipping-policy', link: '/page/shipping-policy' },
    { title: '30-day refund', slug: 'return-and-refund', link: '/page/return-and-refund' },
    { title: 'Secure card transactions', slug: 'privacy-policy', link: '/page/privacy-policy' },
    { title: 'Warranty on every product', slug: 'warranty-policy', link: '/page/warranty-policy' },
  ],
  about: [
    { title: 'About us', slug: 'about-us', link: '/page/about-us' },
    { title: 'Contact us', slug: 'contact', link: '/page/contact' },
    { title: 'FAQ', slug: 'faq', link: '/page/faq' },
    { title: 'Privacy policy', slug: 'privacy-policy', link: '/page/privacy-policy' },
    { title: 'Terms and conditions', slug: 'terms-and-conditions', link: '/page/terms-and-conditions' },
    { title: 'Return and refund', slug: 'return-and-refund', link: '/page/return-and-refund' },
    { title: 'Warranty policy', slug: 'warranty-policy', link: '/page/warranty-policy' },
    { title: 'Blog', slug: 'blog', link: '/blog' },
  ],
  payment: { image: PAYMENT_IMAGE, title: 'We accept' },
  social: [
    { title: 'Facebook', slug: 'facebook', link: 'https://www.facebook.com/voltmart' },
    { title: 'Instagram', slug: 'instagram', link: 'https://www.instagram.com/voltmart' },
    { title: 'YouTube', slug: 'youtube', link: 'https://www.youtube.com/@voltmart' },
    { title: 'X', slug: 'x', link: 'https://x.com/voltmart' },
  ],
  bank_account: {
    bank_name: 'Lone Star Commerce Bank', account_holder: 'Voltmart Marketplace LLC', account_number: '4410 2288 7301',
    iban: '', branch_name: 'Austin Congress Ave', swift: 'LSCBUS44',
  },
  custom_scripts: [],
  default_language: 'en',
  default_image: '/images/placeholder.svg',
  img_src_url: '/',
  thumb_prefix: 'thumb-',
});

/** English (default) plus two demo languages whose interface messages ship with the app: Arabic (right-to-left) and French. */
export const LANGUAGES = [
  { code: 'en', name: 'English', predefined: true, key: 'en', direction: 'ltr' as const, isDefault: true },
  { code: 'ar', name: 'العربية', predefined: true, key: 'ar', direction: 'rtl' as const, isDefault: false },
  { code: 'fr', name: 'Français', predefined: true, key: 'fr', direction: 'ltr' as const, isDefault: false },
];
