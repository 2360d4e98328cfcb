import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localsWith, startAstroRenderer, type AstroRenderer } from './astro-render';

/** The printed sheets (packing slip, invoice) drawn from an order as the declared query gives it, without a server. */
let renderer: AstroRenderer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let DocumentSheet: any;

beforeAll(async () => {
  renderer = await startAstroRenderer();
  DocumentSheet = await renderer.load('/src/components/backoffice/DocumentSheet.astro');
}, 60_000);
afterAll(() => renderer?.close());

const address = {
  name: 'Bea Buyer',
  phone: '5125550100',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  zip: '78701',
  address_1: '1 Main St',
};
const order = {
  id: 42,
  order_no: '20261126-ABC',
  created_at: '2026-11-26T10:00:00.000Z',
  store: { id: 1, name: 'Volt Depot' },
  payment_method: 2,
  payment_status: 0,
  lines: [{ id: 1, title: 'Bench charger', attributes: 'Black', quantity: 2, unit_price: 2500, line_total: 5000 }],
  totals: { subtotal: 5000, shipping: 500, discount: 0, tax: 413, total: 5913 },
  shipping_address: address,
  billing_address: null,
  note: 'Leave at the door',
};
const render = (kind: string, invoice: unknown = null) =>
  renderer.container.renderToString(DocumentSheet, { props: { kind, order, invoice }, locals: localsWith() });

describe('printed documents', () => {
  it('the packing slip lists what goes in the box, without prices', async () => {
    const html = await render('packing-slip');
    expect(html).toContain('Packing slip');
    expect(html).toContain('Bench charger (Black)');
    expect(html).toContain('Bea Buyer');
    expect(html).toContain('Leave at the door');
    expect(html).not.toContain('59.13');
  });

  it('the invoice has its number, tax and totals', async () => {
    const html = await render('invoice', {
      order_id: 42,
      year: 2026,
      seq: 7,
      number: '2026-000007',
      issued_at: '2026-11-26T12:00:00.000Z',
    });
    expect(html).toContain('2026-000007');
    expect(html).toContain('$59.13');
    expect(html).toContain('$4.13');
    expect(html).toContain('Volt Depot');
  });
});
