/**
 * Web analytics from settings (`enable_ga` with `ga_id`): which id a page may load, if any. Never on
 * account, cart, checkout or sign-in pages (personal data); an id that is not a Google Analytics id
 * is ignored rather than put into a URL. Shared by the server (meta tag, CSP) and the browser loader.
 */
const GA_ID = /^(G-[A-Z0-9]{4,16}|UA-\d{4,10}-\d{1,4})$/;
const PRIVATE = /^\/(user|cart|checkout|shipping|login|register|forgot-password|reset-password|verify-email|seller|newsletter)(\/|$)/;

export const GA_HOST = 'https://www.googletagmanager.com';
/** Where gtag.js sends hits (CSP connect-src). */
export const GA_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', GA_HOST];

export function analyticsIdFor(setting: { enable_ga: boolean; ga_id: string }, pathname: string): string | null {
  if (!setting.enable_ga || !GA_ID.test(setting.ga_id.trim()) || PRIVATE.test(pathname)) return null;
  return setting.ga_id.trim();
}

export const gtagUrl = (id: string) => `${GA_HOST}/gtag/js?id=${encodeURIComponent(id)}`;
