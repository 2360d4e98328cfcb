import { gtagUrl } from '@/lib/analytics';

/**
 * Loads third-party scripts only after consent: the page carries `<meta name="voltmart-ga">` (Google
 * Analytics) and one `<meta name="voltmart-script">` per tag manager container or operator script, only
 * where the operator enabled them (lib/analytics.ts). Consent is the cookie notice's Accept (remembered
 * in local storage, or the no-JavaScript cookie the server saw: data-consent="given"), or no notice at
 * all. Nothing is requested before that.
 */
const CONSENT_KEY = 'voltmart:dismissed:cookie:1';

export function enhanceAnalytics(): void {
  const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="voltmart-ga"], meta[name="voltmart-script"]')];
  if (!metas.length) return;
  const given = () => metas[0]!.dataset.consent !== 'required' || localStorage.getItem(CONSENT_KEY) !== null;
  const loadAll = () => metas.forEach(load);
  if (given()) return loadAll();
  document.querySelector('[data-notice="cookie"] [data-dismiss]')?.addEventListener('click', loadAll, { once: true });
}

type TagWindow = { dataLayer: unknown[]; gtag: (...args: unknown[]) => void };
const loaded = new Set<string>();

function load(meta: HTMLMetaElement): void {
  const w = window as unknown as TagWindow;
  const value = meta.content;
  if (!value || loaded.has(value)) return;
  loaded.add(value);
  w.dataLayer = w.dataLayer || [];
  if (meta.name === 'voltmart-ga') {
    w.gtag = function gtag() {
      // gtag.js reads the arguments object itself, as in Google's snippet.
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer.push(arguments);
    };
    w.gtag('js', new Date());
    w.gtag('config', value);
    return append(gtagUrl(value));
  }
  // Tag manager's snippet: the start event before gtm.js.
  if (meta.dataset.kind === 'gtm') w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  append(value);
}

function append(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}
