import { z } from 'zod';

export const REPORT_PERIODS = ['today', '7d', '30d', 'month', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_TABLES = ['store', 'category', 'brand', 'product', 'method', 'country', 'series', 'unsold', 'stock'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** The longest custom range a report covers (three years of days). */
export const MAX_REPORT_DAYS = 1100;

const dayField = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || null)
  .refine(
    (v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
    'The dates of a report must be dates (YYYY-MM-DD)',
  );

/** A report's period from the query string: a preset, or a custom range of days (both ends included). */
export const ReportQuerySchema = z
  .object({
    period: z.enum(REPORT_PERIODS, { error: 'Choose today, 7 days, 30 days, this month or a custom range' }).optional().default('30d'),
    from: dayField,
    to: dayField,
    table: z.enum(REPORT_TABLES, { error: 'This is not a table of the report' }).optional().default('product'),
  })
  .refine((q) => q.period !== 'custom' || (q.from !== null && q.to !== null), {
    message: 'A custom range needs a first and a last day',
    path: ['from'],
  })
  .refine((q) => q.period !== 'custom' || q.from! <= q.to!, { message: 'The first day must not be after the last day', path: ['to'] })
  .refine(
    (q) => q.period !== 'custom' || (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < MAX_REPORT_DAYS,
    { message: 'A report covers at most three years', path: ['to'] },
  );
export type ReportQuery = z.output<typeof ReportQuerySchema>;
