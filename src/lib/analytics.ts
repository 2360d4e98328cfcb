/**
 * Third-party scripts from settings — Google Analytics (`enable_ga` with `ga_id`), Google Tag Manager
 * (`enable_gtm` with `gtm_id`) and the operator's `custom_scripts` — and which of them a page may load.
 * None of them on account, cart or checkout pages (personal data), except a custom script the operator
 * marked `everywhere`; never any on the sign-in pages, whose layout (Empty) has no third-party tags at all; an id that is not a Google id, or a script address that is not https, is
 * ignored rather than put into a page. All of them wait for consent (the browser loader,
 * islands/shell/analytics.ts). Shared by the server (meta tags, CSP) and the browser loader.
 */
const GA_ID = /^(G-[A-Z0-9]{4,16}|UA-\d{4,10}-\d{1,4})$/;
const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
const PRIVATE = /^\/(user|cart|checkout|shipping|login|register|forgot-password|reset-password|verify-email|seller|newsletter)(\/|$)/;

export const GA_HOST = 'https://www.googletagmanager.com';
/** Where gtag.js and tag manager send hits (CSP connect-src). */
export const GA_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', GA_HOST];

interface TagSetting {
  enable_ga: boolean;
  ga_id: string;
  enable_gtm?: boolean;
  gtm_id?: string;
}
export interface CustomScript {
  src: string;
  everywhere?: boolean;
}

export function analyticsIdFor(setting: TagSetting, pathname: string): string | null {
  if (!setting.enable_ga || !GA_ID.test(setting.ga_id.trim()) || PRIVATE.test(pathname)) return null;
  return setting.ga_id.trim();
}

export const gtagUrl = (id: string) => `${GA_HOST}/gtag/js?id=${encodeURIComponent(id)}`;
export const gtmUrl = (id: string) => `${GA_HOST}/gtm.js?id=${encodeURIComponent(id)}`;

/** A script a page loads after consent; `gtm` ones get tag manager's start event first. */
export interface PageScript {
  src: string;
  kind: 'gtm' | 'custom';
}

/** Tag manager and the operator's scripts this page may load (analytics has its own tag: analyticsIdFor). */
export function pageScriptsFor(setting: TagSetting, custom: CustomScript[], pathname: string): PageScript[] {
  const isPrivate = PRIVATE.test(pathname);
  const scripts: PageScript[] = [];
  const gtm = setting.gtm_id?.trim() ?? '';
  if (setting.enable_gtm && GTM_ID.test(gtm) && !isPrivate) scripts.push({ src: gtmUrl(gtm), kind: 'gtm' });
  for (const script of custom) {
    const src = httpsUrl(script.src);
    if (src && (!isPrivate || script.everywhere)) scripts.push({ src, kind: 'custom' });
  }
  return scripts;
}

/** The address when it is an absolute https URL without credentials, else null. */
function httpsUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}
