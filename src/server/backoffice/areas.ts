import type { Permission } from '@/server/core/policy';

/** The two back-office areas: the operator's `/admin` and a seller's `/seller`. */
export type Area = 'admin' | 'seller';

/**
 * One section of an area: its first path segment (`''` is the area's home), the permission that opens it
 * (pages and `api/v1/<area>/<section>` alike), and its place in the navigation. The area guard
 * (web/area-guard.ts) and the navigation read this one table, so a menu never offers what the guard refuses.
 */
export interface Section {
  area: Area;
  segment: string;
  can: Permission;
  /** Message key of its name in the navigation; no key = not in the navigation. */
  label?: string;
  /** Open before the two-factor check (the check itself, and setting it up). */
  beforeTwoFactor?: boolean;
}

export const SECTIONS: readonly Section[] = [
  { area: 'admin', segment: '', can: 'enter:admin', label: 'backoffice.nav.home' },
  { area: 'admin', segment: 'orders', can: 'read:order', label: 'backoffice.nav.orders' },
  { area: 'admin', segment: 'products', can: 'read:product', label: 'backoffice.nav.products' },
  // Taxonomy and merchandising (issue 33).
  { area: 'admin', segment: 'categories', can: 'update:catalog', label: 'backoffice.taxonomy.nav.categories' },
  { area: 'admin', segment: 'brands', can: 'update:catalog', label: 'backoffice.taxonomy.nav.brands' },
  { area: 'admin', segment: 'collections', can: 'update:catalog', label: 'backoffice.taxonomy.nav.collections' },
  { area: 'admin', segment: 'flash-sales', can: 'update:catalog', label: 'backoffice.taxonomy.nav.flashSales' },
  { area: 'admin', segment: 'bundle-deals', can: 'update:catalog', label: 'backoffice.taxonomy.nav.bundleDeals' },
  // Translations of catalogue data (issue 33): what is missing, and the names of categories, brands and collections.
  { area: 'admin', segment: 'translations', can: 'update:product', label: 'catalogI18n.title' },
  // Customers (issue 32): the list, one customer, sign-in, notes, GDPR export and erasure.
  { area: 'admin', segment: 'customers', can: 'read:customer', label: 'backoffice.customers.nav' },
  // Moderation and inbox (issue 34).
  { area: 'admin', segment: 'reviews', can: 'update:content', label: 'backoffice.moderation.nav' },
  { area: 'admin', segment: 'sellers', can: 'approve:seller', label: 'backoffice.sellers.nav' },
  { area: 'admin', segment: 'stores', can: 'approve:seller', label: 'backoffice.sellers.storesNav' },
  { area: 'admin', segment: 'messages', can: 'update:content', label: 'backoffice.inbox.nav' },
  { area: 'admin', segment: 'subscribers', can: 'update:content', label: 'backoffice.inbox.subscribersNav' },
  // Content, promotions and settings (issue 34).
  { area: 'admin', segment: 'banners', can: 'update:content', label: 'backoffice.banners.nav' },
  { area: 'admin', segment: 'pages', can: 'update:content', label: 'backoffice.pages.nav' },
  { area: 'admin', segment: 'blog', can: 'update:content', label: 'backoffice.blog.nav' },
  { area: 'admin', segment: 'settings', can: 'update:setting', label: 'backoffice.settings.nav' },
  { area: 'admin', segment: 'payments', can: 'update:setting', label: 'backoffice.payments.nav' },
  // Shipping rules and tax rates (issue 34): the shop's settings.
  { area: 'admin', segment: 'shipping', can: 'update:setting', label: 'backoffice.shipping.nav' },
  { area: 'admin', segment: 'tax', can: 'update:setting', label: 'backoffice.tax.nav' },
  { area: 'admin', segment: 'vouchers', can: 'update:voucher', label: 'backoffice.vouchers.nav' },
  // Reports (issue 36).
  { area: 'admin', segment: 'reports', can: 'read:report', label: 'backoffice.reports.nav' },
  { area: 'admin', segment: 'staff', can: 'manage:staff', label: 'backoffice.nav.staff' },
  { area: 'admin', segment: 'audit', can: 'read:audit', label: 'backoffice.nav.audit' },
  { area: 'admin', segment: 'mail', can: 'read:mail', label: 'backoffice.nav.mail' },
  { area: 'admin', segment: 'security', can: 'enter:admin', label: 'backoffice.nav.security' },
  { area: 'admin', segment: 'two-factor', can: 'enter:admin', beforeTwoFactor: true },
  { area: 'seller', segment: '', can: 'enter:seller', label: 'backoffice.nav.home' },
  { area: 'seller', segment: 'orders', can: 'read:order', label: 'backoffice.nav.orders' },
  { area: 'seller', segment: 'products', can: 'read:product', label: 'backoffice.nav.products' },
  { area: 'seller', segment: 'reports', can: 'read:report', label: 'backoffice.reports.nav' },
  // The store profile (issue 35): its catalogue's managers run its shop window.
  { area: 'seller', segment: 'store', can: 'update:product', label: 'backoffice.store.nav' },
  // Seller money (issue 35): the balance, the ledger and the monthly statements; `ledger` is DESIGN.md's JSON twin.
  { area: 'seller', segment: 'money', can: 'read:ledger', label: 'backoffice.money.nav' },
  { area: 'seller', segment: 'ledger', can: 'read:ledger' },
  { area: 'seller', segment: 'vouchers', can: 'update:voucher', label: 'backoffice.storeVouchers.nav' },
  { area: 'seller', segment: 'reviews', can: 'reply:review', label: 'backoffice.replies.nav' },
  { area: 'seller', segment: 'team', can: 'manage:team', label: 'backoffice.team.nav' },
  { area: 'seller', segment: 'security', can: 'enter:seller', label: 'backoffice.nav.security' },
  { area: 'seller', segment: 'two-factor', can: 'enter:seller', beforeTwoFactor: true },
];

/** Paths under `/seller` and `api/v1/seller` that belong to the storefront (the spec's seller sign-up). */
const PUBLIC = new Set(['/seller/register', '/api/v1/seller/signup', '/api/v1/seller/verify', '/api/v1/seller/resend-code']);

/** Where a path stands: its area, whether it is the JSON API, and its section (null: no such section). */
export function placeOf(pathname: string): { area: Area; api: boolean; section: Section | null } | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (PUBLIC.has(path)) return null;
  const match = /^(\/api\/v1)?\/(admin|seller)(?:\/([^/]*))?/.exec(path);
  if (!match) return null;
  const area = match[2] as Area;
  const segment = match[3] ?? '';
  const section = SECTIONS.find((s) => s.area === area && s.segment === segment) ?? null;
  return { area, api: Boolean(match[1]), section };
}

/** The home of an area. */
export const areaHome = (area: Area) => `/${area}`;
