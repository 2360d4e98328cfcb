import { describe, expect, it } from 'vitest';
import { VoucherWriteSchema } from '@/lib/schemas/vouchers';

const body = (over: Record<string, unknown> = {}) => ({
  code: 'save-5',
  title: 'Five off',
  price_type: '1',
  amount: '500',
  min_spend: '',
  starts_at: '2026-12-01',
  ends_at: '2026-12-31',
  ...over,
});
const messages = (over: Record<string, unknown>) => {
  const r = VoucherWriteSchema.safeParse(body(over));
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('a store voucher as a seller writes it', () => {
  it('reads a plain form: capital code, cents, a last day that runs to its end', () => {
    const v = VoucherWriteSchema.parse(body());
    expect(v).toMatchObject({
      code: 'SAVE-5',
      price_type: 1,
      amount: 500,
      min_spend: 0,
      max_discount: 0,
      usage_limit: 0,
      per_user_limit: 1,
    });
    expect(v.starts_at.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(v.ends_at.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
  it('says what is wrong, in words', () => {
    expect(messages({ price_type: '2', amount: '101' })).toEqual(['backoffice.storeVouchers.errors.percentTooBig']);
    expect(messages({ price_type: '2', amount: '100' })).toEqual([]);
    expect(messages({ amount: '2001', min_spend: '2000' })).toEqual(['backoffice.storeVouchers.errors.moreThanMinSpend']);
    expect(messages({ amount: '2000', min_spend: '2000' })).toEqual([]);
    expect(messages({ ends_at: '2026-11-30' })).toEqual(['backoffice.storeVouchers.errors.endsBeforeStarts']);
    expect(messages({ ends_at: '2026-12-01' })).toEqual([]);
    expect(messages({ ends_at: 'soon' })).toEqual(['backoffice.storeVouchers.errors.endsAt']);
    expect(messages({ price_type: '3' })).toEqual(['backoffice.storeVouchers.errors.priceType']);
    expect(messages({ amount: '1.5' })).toEqual(['backoffice.storeVouchers.errors.amount']);
    expect(messages({ code: 'AB' })).toEqual(['backoffice.storeVouchers.errors.code']);
    expect(messages({ product_ids: '12, x' })).toEqual(['backoffice.voucherScope.errors.products']);
    expect(messages({ category_ids: ['3', '0'] })).toEqual(['backoffice.voucherScope.errors.categories']);
  });
  it('reads the limits: ids typed with commas, ticked boxes or a JSON array; none is every product', () => {
    expect(VoucherWriteSchema.parse(body({ product_ids: '12, 15 12' })).product_ids).toEqual([12, 15]);
    expect(VoucherWriteSchema.parse(body({ category_ids: ['3', '4'] })).category_ids).toEqual([3, 4]);
    expect(VoucherWriteSchema.parse(body({ category_ids: [5] })).category_ids).toEqual([5]);
    expect(VoucherWriteSchema.parse(body())).toMatchObject({ category_ids: [], product_ids: [] });
    expect(VoucherWriteSchema.parse(body()).active).toBeUndefined();
    expect(VoucherWriteSchema.parse(body({ active: '1' })).active).toBe(true);
  });
});
