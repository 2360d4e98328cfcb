import { describe, expect, it } from 'vitest';
import { SigninSchema, SignupSchema, VerifySchema } from '@/lib/schemas/auth';

const messages = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  input: unknown,
) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error!.issues.map((i) => i.message);
};

describe('account schemas', () => {
  it('use the spec messages', () => {
    expect(messages(SigninSchema, {})).toEqual(['Email is required', 'Password is required']);
    expect(messages(SigninSchema, { email: 'x@y', password: 'p' })).toEqual(['Invalid email']);
    expect(messages(SignupSchema, { name: 'A', email: 'a@b.co', password: '123', password_confirmation: '123' })).toEqual([
      'Invalid Password Length',
    ]);
    expect(messages(SignupSchema, { name: 'A', email: 'a@b.co', password: '123456', password_confirmation: 'x23456' })).toEqual([
      "Password didn't match",
    ]);
    expect(
      messages(SignupSchema, { name: 'A', email: 'a@b.co', phone: '12', password: '123456', password_confirmation: '123456' }),
    ).toEqual(['Invalid phone number']);
  });

  it('lower-cases the email and accepts an optional US phone', () => {
    const parsed = SignupSchema.parse({
      name: ' Ada ',
      email: 'Ada@Example.COM',
      phone: '(555) 123-4567',
      password: '123456',
      password_confirmation: '123456',
    });
    expect(parsed).toMatchObject({ name: 'Ada', email: 'ada@example.com', phone: '(555) 123-4567' });
  });

  it('verify takes a 6-digit code or a resend request', () => {
    expect(VerifySchema.parse({ email: 'a@b.co', code: ' 012345 ' })).toEqual({ resend: false, email: 'a@b.co', code: '012345' });
    expect(VerifySchema.parse({ email: 'a@b.co', resend: '1' })).toEqual({ resend: true, email: 'a@b.co' });
    expect(messages(VerifySchema, { email: 'a@b.co' })).toEqual(['Code is required']);
    expect(messages(VerifySchema, { email: 'a@b.co', code: '12ab56' })).toEqual(['The code is the 6 digits from the email']);
  });
});
