import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../fixtures';

/**
 * The content pages' own markup (their <main>): the header, footer and notices around it are the shell's, checked
 * whole, at both widths and with the menus and notices open, by tests/e2e/shell/a11y*.spec.ts. The CSP is the page's.
 */

for (const path of [
  '/stores',
  '/shop/cable-corner',
  '/page/contact',
  '/seller/register',
  '/seller/register?step=done',
  '/newsletter/unsubscribe?token=abcdefghijkl',
]) {
  test(`${path}: no serious accessibility violation, no CSP violation`, async ({ page }) => {
    const csp: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/.test(m.text())) csp.push(m.text());
    });
    await page.goto(path);
    const results = await new AxeBuilder({ page }).include('main').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(csp).toEqual([]);
  });
}
