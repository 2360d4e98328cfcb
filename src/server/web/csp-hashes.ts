import { createHash } from 'node:crypto';
import type { SiteSetting } from '@/lib/schemas/settings';
import { BOOT_SCRIPT } from '@/lib/boot-script';

/**
 * Base.astro's two inline blocks (theme colours, boot script). Astro streams pages and writes the CSP
 * header before a layout's frontmatter runs, so `Astro.csp.insert*Hash` in a layout comes too late;
 * the middleware adds these hashes to the header instead.
 */
const safeColor = (c: string, fallback: string) => (/^#[0-9a-f]{3,8}$/i.test(c) ? c : fallback);

export function themeCss(site: SiteSetting): string {
  return `html:root{--primary:${safeColor(site.primary_color, '#0b7a5c')};--primary-hover:${safeColor(site.primary_hover_color, '#086149')}}`;
}

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const BOOT_HASH = sha(BOOT_SCRIPT);

/** Adds the layout's hashes to a page's CSP header (responses without script-src are left alone). */
export function addLayoutHashes(headers: Headers, site: SiteSetting): void {
  const csp = headers.get('content-security-policy');
  if (!csp || !csp.includes('script-src')) return;
  const css = themeCss(site);
  const key = `${csp}\n${css}`;
  let done = withHashes.get(key);
  if (done === undefined) {
    done = add(add(csp, 'script-src', BOOT_HASH), 'style-src', sha(css));
    // Few pages and one theme make few distinct headers; a full table starts over.
    if (withHashes.size >= 500) withHashes.clear();
    withHashes.set(key, done);
  }
  headers.set('content-security-policy', done);
}

/** Each page's header with the hashes added, by the header and theme it was made from (every request of a page asks again). */
const withHashes = new Map<string, string>();
const add = (policy: string, directive: string, hash: string) =>
  policy.includes(hash) ? policy : policy.replace(new RegExp(`(${directive} [^;]*)`), `$1 ${hash}`);
