import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * The literal-text scan (tests/unit/i18n-literals.test.ts) carried to rendered pages: in a page of another
 * language, any text a person reads (text nodes, alt, title, placeholder, aria-label) that is the English
 * text of one of our messages was left untranslated: a name written in English in code, a setting's demo
 * title, a method name. Catalog data (product and store names, addresses) is not a message and passes.
 */
const EN_DIR = join(import.meta.dirname, '../../../src/i18n/locales/en');

function englishValues(): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node === 'string') {
      // Texts with placeholders are matched by their fixed words elsewhere; plain sentences and names here.
      if (!node.includes('{{') && /[a-z]{2,}/i.test(node)) out.add(node.trim());
    } else if (node && typeof node === 'object') for (const v of Object.values(node)) walk(v);
  };
  for (const f of readdirSync(EN_DIR)) if (f.endsWith('.json')) walk(JSON.parse(readFileSync(join(EN_DIR, f), 'utf8')));
  return out;
}
const ENGLISH = englishValues();

/** Brand and gateway names: the same in every language. */
const NAMES = new Set(['Razorpay', 'Stripe', 'PayPal', 'Flutterwave', 'Iyzico', 'Authorize.Net', 'Facebook', 'Instagram', 'YouTube', 'X', 'Google', 'Voltmart', 'IBAN', 'SWIFT/BIC']);

/** The English message texts the page shows (visible text and readable attributes), each once. */
export async function englishLeft(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest('script, style, noscript, template')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) found.push(text);
    }
    for (const el of document.querySelectorAll('[alt], [title], [placeholder], [aria-label]'))
      for (const a of ['alt', 'title', 'placeholder', 'aria-label']) {
        const v = el.getAttribute(a)?.trim();
        if (v) found.push(v);
      }
    return found;
  });
  return [...new Set(texts.filter((t) => ENGLISH.has(t) && !NAMES.has(t)))];
}
