import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyOf } from '@/i18n';

/**
 * Every text a person reads goes through a message key. This scan reads the markup of components,
 * pages, layouts and islands and fails on a literal English sentence in a text node or in a visible
 * attribute (alt, title, placeholder, aria-label); and on a thrown message in server code that no
 * key's English text matches (so it would stay English in every language).
 */
const root = join(import.meta.dirname, '../..');
function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return filesUnder(path, ext);
    return ext.test(name) ? [path] : [];
  });
}

/** Texts people read that are not translated on purpose: names, symbols, codes, test-only pages. */
const ALLOWED = [/^test-only\//, /\/test-only\//];

/** The texts between tags (inside `{…}` expressions' markup too), with expressions and code left out. */
function textNodes(source: string, astro: boolean): string[] {
  let s = astro ? source.replace(/^---[\s\S]*?\n---/, '') : source;
  s = s
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/=>/g, ' ');
  const out: string[] = [];
  for (const m of s.matchAll(/>([^<>]*)</g)) {
    let text = m[1]!;
    // Expressions such as {t('key')} or {count}: repeatedly, innermost first.
    for (let prev = ''; prev !== text;) [prev, text] = [text, text.replace(/\{[^{}]*\}/g, ' ')];
    text = text.replace(/\s+/g, ' ').trim();
    if (!text || /[(){}=]|&&|\?\.|\b(const|return|import|typeof)\b/.test(text)) continue;
    out.push(text);
  }
  return out;
}

const ATTRIBUTE = /\b(alt|title|placeholder|aria-label|label|hint|description)="([^"]*[A-Za-z][^"]*)"/g;
/** Words a person reads: a capitalised word or several words (not an identifier, path or class name). */
const isSentence = (t: string) =>
  /[A-Za-z]{2,}/.test(t) && (/^[A-Z][a-z]+$/.test(t) || / [A-Za-z]/.test(t)) && !/^[a-z0-9_.\-/:#@?&=%]+$/i.test(t);

describe('no literal English in components', () => {
  const files = ['src/components', 'src/pages', 'src/layouts', 'src/islands'].flatMap((d) => filesUnder(d, /\.(astro|tsx)$/));
  it('finds the component files', () => expect(files.length).toBeGreaterThan(100));
  it('text nodes and visible attributes go through t()', () => {
    const found: string[] = [];
    for (const file of files) {
      const rel = relative('src', file);
      if (ALLOWED.some((re) => re.test(rel))) continue;
      const source = readFileSync(join(root, file), 'utf8');
      for (const t of textNodes(source, file.endsWith('.astro'))) if (isSentence(t)) found.push(`${rel}: ${t}`);
      const markup = file.endsWith('.astro') ? source.replace(/^---[\s\S]*?\n---/, '') : source;
      for (const m of markup.matchAll(ATTRIBUTE)) if (isSentence(m[2]!)) found.push(`${rel}: ${m[1]}="${m[2]}"`);
    }
    expect(found).toEqual([]);
  });
});

describe('server messages have keys', () => {
  const files = ['src/server', 'src/lib/schemas', 'src/lib/cart-rules.ts']
    .flatMap((d) => (d.endsWith('.ts') ? [d] : filesUnder(d, /\.ts$/)))
    // Not read by shoppers: demo data, the database, the operator's approval command, boot configuration and the operator's commands' mail address.
    .filter((f) => !/\/demo\/|\/db\/|sellers\/approve\.ts|core\/env\.ts|ops\/mail-origin\.ts/.test(f));
  /** A message handed to AppError, a throttle, a schema or an exported message constant. */
  const MESSAGE =
    /(?:message:\s*|throttled\(|fail\(|conflict\(|\.(?:min|max|regex|int|positive|refine)\([^,()]*,\s*|error:\s*|export const [A-Z_]+ =\s*|requiredText\(|optionalText\(|(?<![\w.])id\(|idField\(|label: )'([A-Z][^'\n]*)'/g;
  it('every English message written in server code is the English value of a key', () => {
    const unkeyed: string[] = [];
    for (const file of files) {
      const source = readFileSync(join(root, file), 'utf8');
      for (const m of source.matchAll(MESSAGE)) {
        const text = m[1]!;
        // Not a sentence: constants, and header lists such as Vary's.
        if (!/[a-z]/.test(text) || /^[A-Z_]+$/.test(text) || /^[\w-]+(, [\w-]+)+$/.test(text) || text.length < 4) continue;
        if (!keyOf(text)) unkeyed.push(`${file}: ${text}`);
      }
    }
    expect(unkeyed).toEqual([]);
  });
});
