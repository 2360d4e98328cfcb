import { describe, expect, it } from 'vitest';
import { Parser } from 'htmlparser2';
import { isAllowedEmbed, sanitizeStoredHtml } from '../../src/server/content/sanitize';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads';

const TAGS_WITH_URLS = new Set(['href', 'src', 'cite', 'action', 'formaction', 'background', 'poster', 'srcset', 'xlink:href', 'data']);
/** An absolute URL with an allowed scheme, or a relative one (no scheme, not protocol-relative). */
const SAFE_URL = /^(https?:\/\/[^/]|mailto:|tel:|(?![a-z][a-z0-9+.-]*:)(?![/\\]{2}))/i;

/** Every element and attribute the sanitizer let through, as the browser's parser would see them. */
function elementsOf(html: string): Array<{ name: string; attribs: Record<string, string> }> {
  const found: Array<{ name: string; attribs: Record<string, string> }> = [];
  const parser = new Parser(
    { onopentag: (name, attribs) => found.push({ name, attribs }) },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

describe('the stored-HTML sanitizer against a corpus of XSS payloads', () => {
  it('has at least 100 payloads', () => {
    expect(new Set(XSS_PAYLOADS).size).toBeGreaterThanOrEqual(100);
  });

  it.each(XSS_PAYLOADS.map((p, i) => [i, p] as const))('payload %i is made harmless', (_i, payload) => {
    const out = sanitizeStoredHtml(payload);
    expect(out).not.toMatch(/<\s*(script|style|object|embed|base|link|meta|form|input|svg|math|frame|applet|portal|template)\b/i);
    for (const el of elementsOf(out)) {
      for (const [name, value] of Object.entries(el.attribs)) {
        expect(name, `${el.name}[${name}] in ${out}`).not.toMatch(/^on|^style$|^srcdoc$|^formaction$/);
        if (TAGS_WITH_URLS.has(name) && !(el.name === 'iframe' && name === 'src')) {
          const plain = value.replace(/[\u0000-\u0020]/g, '');
          expect(plain, `${el.name}[${name}] in ${out}`).toMatch(SAFE_URL);
          expect(plain).not.toMatch(/^(javascript|vbscript|data|livescript):/i);
          expect(plain).not.toContain('evil.example/x.js');
        }
      }
      if (el.name === 'iframe') expect(isAllowedEmbed(el.attribs.src), out).toBe(true);
      if (el.name === 'img') expect(el.attribs.src ?? '', out).not.toMatch(/^\s*\/\//);
    }
    // Sanitizing is stable: running it again changes nothing.
    expect(sanitizeStoredHtml(out)).toBe(out);
  });
});

describe('embeds and ordinary content', () => {
  const allowed = [
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://player.vimeo.com/video/76979871',
    'https://www.google.com/maps/embed?pb=!1m18!1m12',
    'https://www.openstreetmap.org/export/embed.html?bbox=-97.75,30.26,-97.73,30.27&layer=mapnik',
  ];
  it.each(allowed)('keeps the allowed iframe %s, lazy, sandboxed, without a referrer', (src) => {
    const out = sanitizeStoredHtml(`<iframe src="${src}" width="560" height="315" title="Player" allowfullscreen></iframe>`);
    const [el] = elementsOf(out);
    expect(el?.name).toBe('iframe');
    expect(el?.attribs.src).toBe(src);
    expect(el?.attribs).toMatchObject({ loading: 'lazy', referrerpolicy: 'no-referrer', title: 'Player' });
    expect(el?.attribs.sandbox).toContain('allow-scripts');
  });

  it('moves www.youtube.com embeds to the no-cookie host', () => {
    const out = sanitizeStoredHtml('<iframe src="https://www.youtube.com/embed/abcdef12345"></iframe>');
    expect(out).toContain('src="https://www.youtube-nocookie.com/embed/abcdef12345"');
  });

  it.each([
    'https://evil.example/embed/x',
    'https://www.google.com/search?q=x',
    'http://player.vimeo.com/video/1',
    'https://player.vimeo.com:8443/video/1',
    'https://www.youtube-nocookie.com.evil.example/embed/x',
  ])('drops the iframe %s', (src) => {
    expect(sanitizeStoredHtml(`<p>a</p><iframe src="${src}"></iframe>`)).toBe('<p>a</p>');
  });

  it('keeps headings, lists, tables, links, images and details', () => {
    const html =
      '<h2>Title</h2><ul><li><strong>a</strong></li></ul><table><tbody><tr><th scope="row">k</th><td colspan="2">v</td></tr></tbody></table><p><a href="/page/faq">faq</a> <a href="mailto:a@b.example">mail</a></p><details><summary>q</summary><p>a</p></details>';
    expect(sanitizeStoredHtml(html)).toBe(html);
  });

  it('marks external links noopener and nofollow, leaves internal ones alone', () => {
    expect(sanitizeStoredHtml('<a href="https://ok.example/">x</a>')).toBe(
      '<a href="https://ok.example/" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeStoredHtml('<a href="/blog">x</a>')).toBe('<a href="/blog">x</a>');
  });

  it('makes images lazy and keeps their size', () => {
    expect(sanitizeStoredHtml('<img src="/uploads/a.png" alt="A" width="10" height="10">')).toBe(
      '<img src="/uploads/a.png" alt="A" width="10" height="10" loading="lazy" />',
    );
  });
});
