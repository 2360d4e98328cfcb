/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    lang: string;
    /** Active languages (default first) and the default one: the switcher, hreflang and prefixed URLs. */
    languages: import('@/server/settings').LanguageInfo[];
    defaultLanguage: string;
    dir: 'ltr' | 'rtl';
    settings: import('@/lib/schemas/settings').Settings;
    saveData: boolean;
    user: import('@/server/core/actor').SessionUser | null;
    guestToken: string | null;
    /** Set when this request made the guest's token (web/cart-actions.ts): nothing holds it yet. */
    freshGuestToken?: boolean;
    sessionHash: string | null;
    /** Facts of the request's session (two-factor), null for a guest. */
    session: import('@/server/core/actor').SessionFacts | null;
    /** The back-office area this request is in (`admin` or `seller`), set by the area guard (server/web/area-guard.ts). */
    area?: 'admin' | 'seller';
    /** Translates a message key into the request's language (built once by the middleware). */
    t: import('i18next').TFunction;
    /** The shop's public origin for absolute URLs (PUBLIC_URL; never the request's Host). */
    origin: string;
    /** A one-time message from the previous request (see server/web/flash.ts), shown as the toast. */
    flash: import('@/server/web/flash').Flash | null;
    /**
     * Set by a page whose HTML is the same for every guest (catalog, static pages): the middleware then
     * sends validators and public cache headers when nobody is signed in. Unset means `no-store`-free default.
     */
    cachePolicy?: 'catalog' | 'static';
    /**
     * Set by a catalog page with personal parts beyond the shell (name, cart count, hearts, vouchers): a
     * signed-in shopper then gets it rendered for them rather than the shared copy (decision 0024).
     */
    personalPage?: boolean;
    /** Set by an API endpoint whose GET answer carries nothing per person (`route(…, { shared: true })`): it may be kept and shared. */
    sharedAnswer?: boolean;
    /** A part of the page could not be loaded (server/web/deferred.ts): the page is never cached like that. */
    degraded?: boolean;
    /** The request's front-door key (src/server/web/front-door.mjs), given by scripts/serve.mjs when it may have one. */
    frontDoorKey?: string;
    /** A guest was answered from a kept copy: its bytes, and whether the copy is still kept (for the front door). */
    keptAnswer?: { bytes: Buffer; alive: () => boolean };
    /** The pay page's gateway script: its origins are allowed in that page's CSP only (server/web/gateway-csp.ts). */
    gatewaySources?: import('@/server/payments/signature').BrowserSources;
    /** The request's own cart count when the page has already read its cart (the cart page): the header's badge uses it instead of asking again. */
    cartCount?: number;
    /** Set by a page rendered per visitor whose HTML is sent compressed in one piece (server/web/compress-once.ts). */
    compressOnce?: boolean;
    /** The stamp of the cart the cart page was drawn from (server/cart/stamp.ts): the page is kept under it (server/web/kept-cart-pages.ts). */
    cartStamp?: string;
  }
}
