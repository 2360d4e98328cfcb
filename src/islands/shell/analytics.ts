import { gtagUrl } from '@/lib/analytics';

/**
 * Loads Google Analytics only after consent: the page carries `<meta name="voltmart-ga">` when the
 * operator enabled it (never on private pages); consent is the cookie notice's Accept (remembered in
 * local storage, or the no-JavaScript cookie the server saw: data-consent="given"), or no notice at all.
 * Nothing is requested before that.
 */
const CONSENT_KEY = 'voltmart:dismissed:cookie:1';

export function enhanceAnalytics(): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="voltmart-ga"]');
  const id = meta?.content;
  if (!meta || !id) return;
  const given = () => meta.dataset.consent !== 'required' || localStorage.getItem(CONSENT_KEY) !== null;
  if (given()) return load(id);
  document.querySelector('[data-notice="cookie"] [data-dismiss]')?.addEventListener('click', () => load(id), { once: true });
}

let loaded = false;
function load(id: string): void {
  if (loaded) return;
  loaded = true;
  const w = window as unknown as { dataLayer: unknown[]; gtag: (...args: unknown[]) => void };
  w.dataLayer = w.dataLayer || [];
  w.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as in Google's snippet.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', id);
  const script = document.createElement('script');
  script.async = true;
  script.src = gtagUrl(id);
  document.head.append(script);
}
