import PDFDocument from 'pdfkit';
import type { Invoice } from '@/server/orders/documents';
import type { StaffOrder } from '@/server/orders/manage';
import { addressLines } from '@/lib/address-text';
import { formatPrice } from '@/lib/price';
import type { Settings } from '@/lib/schemas/settings';
import { getT } from '@/i18n';
import { methodName } from '@/server/payments/method-names';
import { readUpload, UPLOADS_URL } from '@/server/uploads/storage';

/** What the PDF says, already in the reader's language (the page's texts and formatted money and dates). */
export interface InvoicePdfText {
  t: (key: string, vars?: Record<string, unknown>) => string;
  money: (minor: number) => string;
  day: (iso: string) => string;
  method: string;
  /** `logo`: the shop's logo image (PNG or JPEG bytes), or null (none that a PDF can hold: the default SVG). */
  shop: { name: string; lines: string[]; logo: Buffer | null };
}

/** The logo height in the PDF (points), and the width it may take at most. */
const LOGO_H = 48;
const LOGO_W = 160;

/**
 * The shop's logo (settings' `header_logo`) as bytes a PDF can embed: an uploaded logo (PNG or JPEG, the settings
 * screen's saveLogo) is read through the upload store (disk or S3), as the /uploads route serves it. Anything else
 * (the demo's SVG, an outside address, a file gone from the store) is null: the PDF then shows the name alone.
 */
export async function shopLogoBytes(headerLogo: string | null | undefined): Promise<Buffer | null> {
  if (!headerLogo?.startsWith(UPLOADS_URL)) return null;
  const file = await readUpload(headerLogo.slice(UPLOADS_URL.length)).catch(() => null);
  if (!file || !/^image\/(png|jpeg)$/.test(file.contentType)) return null;
  return file.bytes;
}

/**
 * The invoice as a PDF (pdfkit, A4), the same content as the print view: the shop's logo and name, the numbers
 * and dates, both addresses, the lines, tax and totals. pdfkit's built-in Helvetica covers Latin scripts only,
 * so the route asks for English texts when the page's language is written in another script.
 */
export function invoicePdf(order: StaffOrder, invoice: Invoice, x: InvoicePdfText): Promise<Buffer> {
  return orderSheetPdf('invoice', order, invoice, x);
}

/**
 * The packing slip as a PDF, the same content as its print view: the shop's logo, name and address, the order's
 * number and date, the store that sold, both addresses, the lines with their quantities (no prices: it goes in the
 * box) and the shopper's note.
 */
export function packingSlipPdf(order: StaffOrder, x: InvoicePdfText): Promise<Buffer> {
  return orderSheetPdf('packing-slip', order, null, x);
}

function orderSheetPdf(kind: 'invoice' | 'packing-slip', order: StaffOrder, invoice: Invoice | null, x: InvoicePdfText): Promise<Buffer> {
  const isInvoice = kind === 'invoice';
  const title = x.t(isInvoice ? 'backoffice.documents.invoice' : 'backoffice.documents.packingSlip');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: invoice ? `${title} ${invoice.number}` : `${title} ${order.order_no}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 50;
  const width = doc.page.width - 100;

  let shopTop = 50;
  if (x.shop.logo) {
    try {
      doc.image(x.shop.logo, left, 50, { fit: [LOGO_W, LOGO_H] });
      shopTop += LOGO_H + 8;
    } catch {
      // A file pdfkit cannot read (corrupt in the store): the name alone, never a broken document.
    }
  }
  doc.font('Helvetica-Bold').fontSize(18).text(x.shop.name, left, shopTop);
  doc.font('Helvetica').fontSize(9);
  for (const line of x.shop.lines) doc.text(line);
  const shopBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(16).text(title, left, 50, { width, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  const facts: [string, string][] = [
    ...(invoice
      ? ([
          [x.t('backoffice.documents.invoiceNo'), invoice.number],
          [x.t('backoffice.documents.invoiceDate'), x.day(invoice.issued_at)],
        ] as [string, string][])
      : []),
    [x.t('backoffice.documents.orderNo'), `#${order.id} · ${order.order_no}`],
    [x.t('backoffice.documents.orderDate'), x.day(order.created_at)],
    [x.t('backoffice.documents.seller'), order.store.name],
  ];
  for (const [k, v] of facts) doc.text(`${k}: ${v}`, { width, align: 'right' });

  const top = Math.max(doc.y, shopBottom, 150) + 20;
  const addressOf = (a: StaffOrder['shipping_address']) => (a ? [a.name, ...addressLines(a), a.phone].filter(Boolean).join('\n') : '');
  doc.font('Helvetica-Bold').fontSize(10).text(x.t('backoffice.documents.shipTo'), left, top);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(addressOf(order.shipping_address), left, doc.y, { width: width / 2 - 10 });
  const afterShip = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(x.t('backoffice.documents.billTo'), left + width / 2, top);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(addressOf(order.billing_address ?? order.shipping_address), left + width / 2, doc.y, { width: width / 2 });

  let y = Math.max(afterShip, doc.y) + 25;
  const cols = isInvoice
    ? [
        { key: 'item', x: left, w: width * 0.5, align: 'left' as const },
        { key: 'quantity', x: left + width * 0.5, w: width * 0.14, align: 'right' as const },
        { key: 'unitPrice', x: left + width * 0.64, w: width * 0.18, align: 'right' as const },
        { key: 'amount', x: left + width * 0.82, w: width * 0.18, align: 'right' as const },
      ]
    : [
        { key: 'item', x: left, w: width * 0.8, align: 'left' as const },
        { key: 'quantity', x: left + width * 0.8, w: width * 0.2, align: 'right' as const },
      ];
  doc.font('Helvetica-Bold').fontSize(9);
  for (const c of cols) doc.text(x.t(`backoffice.documents.${c.key}`), c.x, y, { width: c.w, align: c.align });
  y += 16;
  doc
    .moveTo(left, y - 4)
    .lineTo(left + width, y - 4)
    .stroke();
  doc.font('Helvetica');
  for (const l of order.lines) {
    if (y > doc.page.height - 150) {
      doc.addPage();
      y = 50;
    }
    const item = l.attributes ? `${l.title} (${l.attributes})` : l.title;
    const cells = isInvoice ? [item, String(l.quantity), x.money(l.unit_price), x.money(l.line_total)] : [item, String(l.quantity)];
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: cols[i]!.w })));
    cells.forEach((text, i) => doc.text(text, cols[i]!.x, y, { width: cols[i]!.w, align: cols[i]!.align }));
    y += height + 6;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 10;
  if (isInvoice) {
    const totals: [string, string, boolean][] = [
      [x.t('backoffice.documents.subtotal'), x.money(order.totals.subtotal), false],
      [x.t('backoffice.documents.shipping'), x.money(order.totals.shipping), false],
      [x.t('backoffice.documents.discount'), `-${x.money(order.totals.discount)}`, false],
      [x.t('backoffice.documents.tax'), x.money(order.totals.tax), false],
      [x.t('backoffice.documents.total'), x.money(order.totals.total), true],
      [
        x.t('backoffice.documents.payment'),
        `${x.method} · ${order.payment_status === 1 ? x.t('backoffice.documents.paid') : x.t('backoffice.documents.unpaid')}`,
        false,
      ],
    ];
    for (const [label, value, bold] of totals) {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
      doc.text(label, left + width * 0.5, y, { width: width * 0.25, align: 'left' });
      doc.text(value, left + width * 0.75, y, { width: width * 0.25, align: 'right' });
      y += bold ? 18 : 14;
    }
  } else if (order.note) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(x.t('backoffice.documents.shopperNote'), left, y + 10, { width });
    doc.font('Helvetica').fontSize(9).text(order.note, { width });
    y = doc.y;
  }
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(x.t('backoffice.documents.thanks'), left, y + 20, { width });
  doc.end();
  return done;
}

/** Languages pdfkit's built-in fonts cannot write: their PDF is in English. */
const OTHER_SCRIPTS = /^(ar|fa|he|ur|ps|zh|ja|ko|ru|uk|bg|el|hi|bn|th)\b/i;

/** The texts, money, dates and shop of a document's PDF in the reader's language (English for a script the built-in fonts lack). */
async function pdfText(order: StaffOrder, lang: string, settings: Pick<Settings, 'setting' | 'site_setting'>): Promise<InvoicePdfText> {
  const pdfLang = OTHER_SCRIPTS.test(lang) ? 'en' : lang;
  const t = (await getT(pdfLang)) as unknown as (key: string, vars?: Record<string, unknown>) => string;
  const day = new Intl.DateTimeFormat(pdfLang, { dateStyle: 'long', timeZone: 'UTC' });
  const s = settings.setting;
  return {
    t: (key, vars) => t(key, vars),
    money: (n) => formatPrice(n, s),
    day: (iso) => day.format(new Date(iso)),
    method: methodName(t, order.payment_method),
    shop: {
      name: settings.site_setting.site_name,
      lines: [s.address, s.phone, s.email].filter(Boolean),
      logo: await shopLogoBytes(settings.site_setting.header_logo),
    },
  };
}

const toBytes = (bytes: Buffer): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(bytes.length);
  out.set(bytes);
  return out;
};

/** The invoice's PDF in the reader's language (English for a script the built-in fonts lack), as bytes. */
export async function renderInvoicePdf(
  order: StaffOrder,
  invoice: Invoice,
  lang: string,
  settings: Pick<Settings, 'setting' | 'site_setting'>,
): Promise<Uint8Array<ArrayBuffer>> {
  return toBytes(await invoicePdf(order, invoice, await pdfText(order, lang, settings)));
}

/** The packing slip's PDF in the reader's language, as bytes. */
export async function renderPackingSlipPdf(
  order: StaffOrder,
  lang: string,
  settings: Pick<Settings, 'setting' | 'site_setting'>,
): Promise<Uint8Array<ArrayBuffer>> {
  return toBytes(await packingSlipPdf(order, await pdfText(order, lang, settings)));
}
