import { formatPrice } from '@/lib/price';

type PriceSetting = Parameters<typeof formatPrice>[1];

/** A voucher's worth as a person reads it: "$5.00" or "10%". */
export const voucherValue = (v: { price_type: number; amount: number }, setting: PriceSetting): string =>
  v.price_type === 2 ? `${v.amount}%` : formatPrice(v.amount, setting);

/** A day field's value (`2026-12-01`) of a voucher's start. */
export const startDay = (iso: string): string => iso.slice(0, 10);

/** A day field's value of a voucher's end: the last day it runs (it ends at the start of the next). */
export const endDay = (iso: string): string => new Date(Date.parse(iso) - 1).toISOString().slice(0, 10);

/** From the first to the last day a voucher runs. */
export const voucherWhen = (v: { starts_at: string; ends_at: string }): string => `${startDay(v.starts_at)} – ${endDay(v.ends_at)}`;
