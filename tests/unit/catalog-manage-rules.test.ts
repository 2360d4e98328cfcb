import { describe, expect, it } from 'vitest';
import { descriptionHtml, slugify } from '@/server/catalog/manage';

/**
 * The pure rules of catalog/manage.ts (issue 38, docs/mutation-testing.md run AB): the slug made from a title and
 * the description stored from the editor's text. No database: their mutants cost a second each. saveProduct's use of
 * both is in tests/integration/catalog-manage-rules.test.ts.
 */

describe('a slug made from a title', () => {
  it('is lower-case ASCII letters and digits joined by single hyphens, at most 80 characters, or "product"', () => {
    expect(slugify('USB-C Charger 65 W')).toBe('usb-c-charger-65-w');
    expect(slugify('  Café crème — 2×  ')).toBe('cafe-creme-2');
    expect(slugify('--Hello__World!!--')).toBe('hello-world');
    expect(slugify('日本語')).toBe('product');
    expect(slugify('')).toBe('product');
    expect(slugify(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
    expect(slugify('b'.repeat(90))).toBe('b'.repeat(80));
  });
});

describe('a description', () => {
  it('plain text becomes escaped paragraphs, its single line breaks kept', () => {
    expect(descriptionHtml('')).toBe('');
    expect(descriptionHtml('Fast & small <3 >2\nSecond line\r\n \r\n  Next para  \n\n\n\nThird')).toBe(
      '<p>Fast &amp; small &lt;3 &gt;2<br />Second line</p>\n<p>Next para</p>\n<p>Third</p>',
    );
    expect(descriptionHtml('<span>not a tag we read</span> & <pre>x</pre>')).toBe(
      '<p>&lt;span&gt;not a tag we read&lt;/span&gt; &amp; &lt;pre&gt;x&lt;/pre&gt;</p>',
    );
    // One blank line between paragraphs is enough; blank lines before and after make no empty paragraph.
    expect(descriptionHtml('\n\nOne\n\nTwo\r\n\r\n')).toBe('<p>One</p>\n<p>Two</p>');
  });

  it('HTML of the rich-text editor goes through the shop’s policy (any case of tag)', () => {
    expect(descriptionHtml('<p>Hi <script>alert(1)</script><strong>there</strong></p>')).toBe('<p>Hi <strong>there</strong></p>');
    expect(descriptionHtml('<P>Loud</P>\n\n<b onclick="x()">b</b>')).toBe('<p>Loud</p>\n\n<b>b</b>');
    expect(descriptionHtml('Line<br>next')).toBe('Line<br />next');
    // A heading, or a tag with attributes, says HTML too.
    expect(descriptionHtml('<h2>Specs & more</h2>')).toBe('<h2>Specs &amp; more</h2>');
    expect(descriptionHtml('See <a href="https://x.example/a">the manual</a>')).toBe(
      'See <a href="https://x.example/a" rel="noopener noreferrer nofollow">the manual</a>',
    );
  });
});
