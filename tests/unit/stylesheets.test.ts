import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

// Every stylesheet parses whole: an unclosed block (a merge once left one in backoffice.css) makes the browser
// drop the rules after it without a word, and no other test draws every screen.
const root = path.resolve(import.meta.dirname, '../../src');
const sheets = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.css'));

describe('stylesheets', () => {
  it('finds the shop’s stylesheets', () => {
    expect(sheets.length).toBeGreaterThan(3);
  });
  it.each(sheets)('%s parses without an unclosed block or a stray brace', (file) => {
    const css = fs.readFileSync(path.join(root, file), 'utf8');
    expect(() => postcss.parse(css, { from: file })).not.toThrow();
  });
});
