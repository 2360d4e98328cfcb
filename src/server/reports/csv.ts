import type { ReportTable } from '@/lib/schemas/reports';
import { toDecimal } from '@/server/payments/money';
import type { Report } from '@/server/reports/report';

/** One table of a report as CSV rows: machine column names, money as decimals of the shop's currency. */
export function reportCsv(report: Report, table: ReportTable, currency: string): { columns: string[]; rows: (string | number)[][] } {
  const m = (minor: number) => toDecimal(minor, currency);
  const money = ['orders', 'gross', 'discount', 'refunds', 'net', 'tax', 'shipping'];
  switch (table) {
    case 'series':
      return {
        columns: ['start', ...money],
        rows: report.series.map((r) => [r.start, r.orders, m(r.gross), m(r.discount), m(r.refunds), m(r.net), m(r.tax), m(r.shipping)]),
      };
    case 'store':
    case 'method':
    case 'country': {
      const rows = table === 'store' ? report.by_store : table === 'method' ? report.by_method : report.by_country;
      return {
        columns: ['key', 'name', ...money, ...(table === 'store' ? ['units'] : [])],
        rows: rows.map((r) => [
          r.key,
          r.name,
          r.orders,
          m(r.gross),
          m(r.discount),
          m(r.refunds),
          m(r.net),
          m(r.tax),
          m(r.shipping),
          ...(table === 'store' ? [r.units ?? 0] : []),
        ]),
      };
    }
    case 'product':
      return {
        columns: ['product_id', 'title', 'category', 'brand', 'orders', 'units', 'gross', 'refunds'],
        rows: report.by_product.map((r) => [r.id ?? '', r.name, r.category ?? '', r.brand ?? '', r.orders, r.units, m(r.gross), m(r.refunds)]),
      };
    case 'category':
    case 'brand':
      return {
        columns: ['id', 'name', 'orders', 'units', 'gross', 'refunds'],
        rows: (table === 'category' ? report.by_category : report.by_brand).map((r) => [r.id ?? '', r.name, r.orders, r.units, m(r.gross), m(r.refunds)]),
      };
    case 'unsold':
      return {
        columns: ['product_id', 'title', 'stock', 'price', 'stock_value'],
        rows: report.unsold.map((r) => [r.id, r.name, r.stock, m(r.price), m(r.value)]),
      };
    case 'stock':
      return {
        columns: ['product_id', 'title', 'stock', 'price', 'stock_value', 'sold_last_30_days', 'days_left'],
        rows: report.stock.rows.map((r) => [r.id, r.name, r.stock, m(r.price), m(r.value), r.sold_30, r.days_left ?? '']),
      };
  }
}
