import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestDatabase } from '../setup/db';
import { getSettings, putSetting, clearSettingsCache } from '@/server/settings';
import { saveLogo } from '@/server/uploads/storage';
import { orderDocument } from '@/server/orders/documents';
import { packingSlipPdf, renderInvoicePdf, shopLogoBytes, type InvoicePdfText } from '@/server/orders/invoice-pdf';
import { getDb } from '@/server/db/client';
import { issueInvoice } from '@/server/orders/documents';
import { send, startPageServer, type PageServer } from './page-server';
import { account, api, makeOrder, twoStores, type Account } from './backoffice-fixtures';

/**
 * The order's documents (issue 32), over real HTTP on the shop's dev server: the invoice and the packing slip show
 * the shop's logo (settings' header_logo, an uploaded PNG read through the upload store: in the HTML the /uploads
 * address answers its bytes, in the PDF the image is embedded); a seller prints their own store's packing slip,
 * another store's is 404 (also in the access matrix).
 */
useTestDatabase({ demo: true });

let server: PageServer;
let owner: Account;
let seller: Account;
let stores: [number, number];
let logoUrl: string;
let logoPng: Buffer;

beforeAll(async () => {
  stores = await twoStores();
  owner = await account(['owner']);
  seller = await account(['seller'], [], [stores[0]]);
  logoPng = await sharp({ create: { width: 120, height: 40, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
  logoUrl = await saveLogo(logoPng, 'png');
  const site = (await getSettings()).site_setting;
  await putSetting('site_setting', { ...site, header_logo: logoUrl });
  clearSettingsCache();
  server = await startPageServer();
}, 300_000);
afterAll(() => server?.close());

const logoImg = (html: string) => /<img class="doc-logo" src="([^"]+)"/.exec(html)?.[1] ?? null;

describe('the shop’s logo on the documents', () => {
  it('the packing slip and the invoice pages draw the uploaded logo, and its address answers the stored bytes', async () => {
    const id = await makeOrder(stores[0]);
    await api(`/api/v1/admin/orders/${id}/invoice`, owner, { body: {} });
    for (const doc of ['packing-slip', 'invoice']) {
      const page = await send(server, `/admin/orders/${id}/${doc}`, { cookies: [owner.cookie] });
      expect(page.status, doc).toBe(200);
      expect(logoImg(page.body), doc).toBe(logoUrl);
    }
    const image = await send(server, logoUrl, { accept: 'image/*' });
    expect(image.status).toBe(200);
    // The stored file is the re-encoded logo: a PNG of the logo's size.
    const stored = await shopLogoBytes(logoUrl);
    expect(stored).not.toBeNull();
    expect((await sharp(stored!).metadata()).width).toBe(120);
  }, 300_000);

  it('the invoice PDF embeds the logo image; with the default SVG logo (no PDF image) it shows the name alone', async () => {
    const id = await makeOrder(stores[0]);
    await api(`/api/v1/admin/orders/${id}/invoice`, owner, { body: {} });
    const pdf = await send(server, `/admin/orders/${id}/invoice.pdf`, { cookies: [owner.cookie], accept: 'application/pdf' });
    expect(pdf.status).toBe(200);
    // pdfkit writes an image XObject only for an embedded picture.
    expect(pdf.body.startsWith('%PDF-')).toBe(true);
    expect(pdf.body).toMatch(/\/Subtype \/Image/);
    expect(pdf.body).toMatch(/\/Width 120/);

    const { order, invoice } = await orderDocument(id, { kind: 'any' });
    const settings = await getSettings();
    const plain = Buffer.from(
      await renderInvoicePdf(order, invoice!, 'en', { ...settings, site_setting: { ...settings.site_setting, header_logo: '/brand/logo.svg' } }),
    ).toString('latin1');
    expect(plain).not.toMatch(/\/Subtype \/Image/);
    expect(await shopLogoBytes('/brand/logo.svg')).toBeNull();
    expect(await shopLogoBytes('/uploads/brand/missing.png')).toBeNull();
  }, 300_000);
});

describe('a seller’s packing slip', () => {
  it('prints their own store’s order (with the logo, no invoice link); another store’s order is 404, never drawn', async () => {
    const own = await makeOrder(stores[0]);
    const page = await send(server, `/seller/orders/${own}/packing-slip`, { cookies: [seller.cookie] });
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-document="packing-slip"');
    expect(logoImg(page.body)).toBe(logoUrl);
    expect(page.body).toContain(`href="/seller/orders/${own}"`);
    expect(page.body).not.toContain('/invoice');
    // The order page links to it.
    const orderPage = await send(server, `/seller/orders/${own}`, { cookies: [seller.cookie] });
    expect(orderPage.body).toContain(`href="/seller/orders/${own}/packing-slip"`);

    const other = await makeOrder(stores[1]);
    // The page draws the query's 404 as its notice (as the order page does), never the other store's order.
    const theirs = await send(server, `/seller/orders/${other}/packing-slip`, { cookies: [seller.cookie] });
    expect(theirs.body).not.toContain('data-document=');
    expect(theirs.body).toMatch(/could not be found/);
    expect((await api(`/api/v1/seller/orders/${other}/packing-slip`, seller)).status).toBe(404);
    expect((await api(`/api/v1/seller/orders/${own}/packing-slip`, seller)).status).toBe(200);
  }, 300_000);
});

describe('the packing slip as a PDF', () => {
  it('the operator downloads it with the logo embedded; it asks for no price, only the lines and their quantities', async () => {
    const id = await makeOrder(stores[0]);
    const pdf = await send(server, `/admin/orders/${id}/packing-slip.pdf`, { cookies: [owner.cookie], accept: 'application/pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.body.startsWith('%PDF-')).toBe(true);
    expect(pdf.body).toMatch(/\/Subtype \/Image/);
    expect(pdf.body).toMatch(/\/Width 120/);
    const slipPage = await send(server, `/admin/orders/${id}/packing-slip`, { cookies: [owner.cookie] });
    expect(slipPage.body).toContain(`href="/admin/orders/${id}/packing-slip.pdf"`);

    // What the PDF writes, read through the texts it asks for: the shop, the order, both addresses, the lines' titles
    // and quantities — never a price, a total or the payment.
    const { order } = await orderDocument(id, { kind: 'any' });
    const asked: string[] = [];
    let prices = 0;
    const text: InvoicePdfText = {
      t: (key) => (asked.push(key), key),
      money: (n) => (prices++, String(n)),
      day: (iso) => iso,
      method: 'Card',
      shop: { name: 'Voltmart', lines: ['1 Shop St'], logo: null },
    };
    const bytes = await packingSlipPdf(order, text);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(prices).toBe(0);
    expect(asked).toEqual(expect.arrayContaining(['backoffice.documents.packingSlip', 'backoffice.documents.shipTo', 'backoffice.documents.quantity']));
    for (const key of ['unitPrice', 'amount', 'subtotal', 'total', 'tax', 'payment', 'invoiceNo'])
      expect(asked, key).not.toContain(`backoffice.documents.${key}`);
  }, 300_000);

  it('a seller downloads their own store’s packing slip PDF; another store’s is 404, as page and as endpoint', async () => {
    const own = await makeOrder(stores[0]);
    const other = await makeOrder(stores[1]);
    const mine = await send(server, `/seller/orders/${own}/packing-slip.pdf`, { cookies: [seller.cookie], accept: 'application/pdf' });
    expect(mine.status).toBe(200);
    expect(mine.body.startsWith('%PDF-')).toBe(true);
    const slipPage = await send(server, `/seller/orders/${own}/packing-slip`, { cookies: [seller.cookie] });
    expect(slipPage.body).toContain(`href="/seller/orders/${own}/packing-slip.pdf"`);
    const theirs = await send(server, `/seller/orders/${other}/packing-slip.pdf`, { cookies: [seller.cookie], accept: 'application/pdf' });
    expect(theirs.status).toBe(404);
    expect(theirs.body.startsWith('%PDF-')).toBe(false);
    expect((await api(`/api/v1/seller/orders/${other}/packing-slip.pdf`, seller)).status).toBe(404);
    expect((await api(`/api/v1/seller/orders/${own}/packing-slip.pdf`, seller)).status).toBe(200);
  }, 300_000);
});

describe('invoice numbers without gaps per year', () => {
  it('a number issued in a transaction that then fails is given to the next invoice: no gap', async () => {
    const year = 2033;
    const [a, b, c] = [await makeOrder(stores[0]), await makeOrder(stores[0]), await makeOrder(stores[1])];
    const first = await getDb().transaction((tx) => issueInvoice(tx, a, new Date(`${year}-02-01T00:00:00Z`)));
    await expect(
      getDb().transaction(async (tx) => {
        await issueInvoice(tx, b, new Date(`${year}-02-02T00:00:00Z`));
        throw new Error('the mail could not be written');
      }),
    ).rejects.toThrow('the mail could not be written');
    const third = await getDb().transaction((tx) => issueInvoice(tx, c, new Date(`${year}-02-03T00:00:00Z`)));
    expect([first.number, third.number]).toEqual([`${year}-000001`, `${year}-000002`]);
    expect((await orderDocument(b, { kind: 'any' })).invoice).toBeNull();
  }, 300_000);
});
