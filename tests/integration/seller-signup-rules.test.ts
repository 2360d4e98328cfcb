import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { useScratchOutbox, authCtx } from './auth-helpers';
import { getDb } from '@/server/db/client';
import { sellers, stores, users } from '@/server/db/schema';
import { getSettings, putSetting } from '@/server/settings';
import { signUpSeller, verifySeller } from '@/server/sellers/signup';
import { approveSeller } from '@/server/sellers/approve';
import { codeIn, lastMailTo } from '@/server/mail/outbox';
import { isAppError } from '@/server/core/errors';

/**
 * The rules of a seller's application (src/server/sellers/signup.ts), driven directly so that mutation
 * testing sees them (docs/mutation-testing.md): every refusal word for word with its status and the
 * field it names, the throttle per network address, the mailed code's words in the applicant's
 * language, and each state the code check can meet.
 */
const outbox = useScratchOutbox();
useTestDatabase();
afterEach(() => {
  vi.useRealTimers();
});

const SHOP_NAME_TAKEN = 'A shop with this name already exists. Please choose another name.';
const EMAIL_TAKEN = 'This email is already registered. Sign in with it, or use another email for your shop.';
const BAD_CODE = 'The code is not right. Check the latest email we sent, or sign up again for a new code.';

let n = 0;
const application = (over: Record<string, string> = {}) => {
  n++;
  return {
    shop_name: `Rule Shop ${n}`,
    name: 'Nia Rules',
    email: `rules-${n}@watt.example`,
    phone: '(512) 555-0199',
    password: 'secret-pass',
    password_confirmation: 'secret-pass',
    address: '1 Main St, Austin',
    ...over,
  };
};
/** What a refusal says: status, message, the fields it names (as the envelope sends them). */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (isAppError(e) ? { status: e.httpStatus, message: e.message, fields: (e.details?.fields ?? null) as unknown } : e),
  );
const codeOf = async (email: string) => codeIn((await lastMailTo(outbox, email))!.text)!;
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('a seller application', () => {
  it('is not found, to apply or to confirm, while vendor_registration is off', async () => {
    const open = await signUpSeller(application(), authCtx());
    await putSetting('setting', { ...(await getSettings()).setting, vendor_registration: false });
    try {
      const gone = { status: 404, message: 'Seller registration could not be found.', fields: null };
      expect(await refusal(signUpSeller(application(), authCtx()))).toEqual(gone);
      expect(await refusal(verifySeller({ email: open.email, code: await codeOf(open.email) }))).toEqual(gone);
    } finally {
      await putSetting('setting', { ...(await getSettings()).setting, vendor_registration: true });
    }
  });

  it('is refused for an email or a shop name already in use, naming the field, in any case', async () => {
    await getDb().insert(users).values({ name: 'Has Account', email: 'account@watt.example' });
    expect(await refusal(signUpSeller(application({ email: 'account@watt.example' }), authCtx()))).toEqual({
      status: 409,
      message: EMAIL_TAKEN,
      fields: { email: EMAIL_TAKEN },
    });

    const verified = await signUpSeller(application({ email: 'verified@watt.example' }), authCtx());
    await verifySeller({ email: verified.email, code: await codeOf(verified.email) });
    expect(await refusal(signUpSeller(application({ email: 'verified@watt.example' }), authCtx()))).toEqual({
      status: 409,
      message: EMAIL_TAKEN,
      fields: { email: EMAIL_TAKEN },
    });

    await getDb().insert(stores).values({ name: 'Open Volts', slug: 'open-volts' });
    const taken = { status: 409, message: SHOP_NAME_TAKEN, fields: { shop_name: SHOP_NAME_TAKEN } };
    expect(await refusal(signUpSeller(application({ shop_name: 'OPEN volts' }), authCtx()))).toEqual(taken);
    const pending = await signUpSeller(application({ shop_name: 'Pending Volts' }), authCtx());
    expect(await refusal(signUpSeller(application({ shop_name: 'pending VOLTS' }), authCtx()))).toEqual(taken);
    // The same applicant applying again keeps their own name.
    const again = await signUpSeller(application({ email: pending.email, shop_name: 'Pending Volts' }), authCtx());
    expect(again).toEqual({ id: pending.id, email: pending.email, status: 'pending' });
  });

  it('for one name, sent twice at once by two people: one is kept, the other told the name is taken', async () => {
    const [a, b] = [application({ shop_name: 'Race Volts' }), application({ shop_name: 'race volts' })];
    const results = await Promise.allSettled([signUpSeller(a, authCtx()), signUpSeller(b, authCtx())]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(await refusal(Promise.reject(lost.reason))).toEqual({
      status: 409,
      message: SHOP_NAME_TAKEN,
      fields: { shop_name: SHOP_NAME_TAKEN },
    });
    const rows = await getDb()
      .select()
      .from(sellers)
      .where(sql`lower(${sellers.shopName}) = 'race volts'`);
    expect(rows).toHaveLength(1);
  });

  it('with one email, sent twice at once: one application, the other either the same one or told the email is taken', async () => {
    const email = 'twice@watt.example';
    const results = await Promise.allSettled([
      signUpSeller(application({ email, shop_name: 'Twice Volts A' }), authCtx()),
      signUpSeller(application({ email, shop_name: 'Twice Volts B' }), authCtx()),
    ]);
    const kept = await getDb().select().from(sellers).where(eq(sellers.email, email));
    expect(kept).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'fulfilled') expect(r.value).toEqual({ id: kept[0]!.id, email, status: 'pending' });
      else expect(await refusal(Promise.reject(r.reason))).toEqual({ status: 409, message: EMAIL_TAKEN, fields: { email: EMAIL_TAKEN } });
    }
  });

  it('takes 10 applications an hour from one network address; another address is not held back', async () => {
    const ip = '203.0.113.61';
    for (let i = 0; i < 10; i++) await signUpSeller(application(), authCtx({ ip }));
    const held = await signUpSeller(application(), authCtx({ ip })).catch((e: unknown) => e);
    expect(isAppError(held)).toBe(true);
    if (!isAppError(held)) return;
    expect(held.httpStatus).toBe(429);
    expect(held.message).toMatch(/^Too many seller applications from your network\. /);
    expect(Number(held.headers?.['retry-after'])).toBeGreaterThan(0);
    expect(await signUpSeller(application(), authCtx({ ip: '203.0.113.62' }))).toMatchObject({ status: 'pending' });
  });

  it('mails the code with its words, in the applicant’s language', async () => {
    const en = application({ name: 'Mia Chen', shop_name: 'Mail Volts', email: 'mia+1@watt.example' });
    await signUpSeller(en, authCtx({ lang: 'en' }));
    const mail = (await lastMailTo(outbox, en.email))!;
    const code = codeIn(mail.text)!;
    expect(mail.subject).toBe(`Your Voltmart seller code: ${code}`);
    expect(mail.text).toBe(
      [
        'Hello Mia Chen,',
        'Thank you for applying to sell on Voltmart as "Mail Volts". Enter this code to confirm your email address:',
        code,
        'The code works for 30 minutes.',
        'Enter the code: http://shop.test/seller/register?step=verify&email=mia%2B1%40watt.example',
        '',
        'If you did not apply to sell on Voltmart, ignore this mail.',
      ].join('\n\n'),
    );

    const fr = application({ name: 'Léa Martin', shop_name: 'Volts de Léa' });
    await signUpSeller(fr, authCtx({ lang: 'fr', siteName: 'Boutique', origin: 'https://boutique.example' }));
    const lettre = (await lastMailTo(outbox, fr.email))!;
    const code2 = codeIn(lettre.text)!;
    expect(lettre.subject).toBe(`Votre code vendeur Boutique : ${code2}`);
    expect(lettre.text).toContain('Bonjour Léa Martin,');
    expect(lettre.text).toContain('Merci de votre candidature pour vendre sur Boutique en tant que « Volts de Léa ».');
    expect(lettre.text).toContain('Le code est valable 30 minutes.');
    expect(lettre.text).toContain(
      `Saisir le code: https://boutique.example/seller/register?step=verify&email=${encodeURIComponent(fr.email)}`,
    );
    expect(lettre.text).toContain('Si vous n’avez pas postulé pour vendre sur Boutique, ignorez cet e-mail.');
  });
});

describe('confirming the mailed code', () => {
  const badCode = { status: 409, message: BAD_CODE, fields: { code: BAD_CODE } };

  it('refuses an email nobody applied with, and an application without a code or its expiry (409, the code named)', async () => {
    expect(await refusal(verifySeller({ email: 'nobody@watt.example', code: '123456' }))).toEqual(badCode);
    const noHash = await signUpSeller(application(), authCtx());
    const code = await codeOf(noHash.email);
    await getDb().update(sellers).set({ codeHash: null }).where(eq(sellers.id, noHash.id));
    expect(await refusal(verifySeller({ email: noHash.email, code }))).toEqual(badCode);
    const noExpiry = await signUpSeller(application(), authCtx());
    const code2 = await codeOf(noExpiry.email);
    await getDb().update(sellers).set({ codeExpiresAt: null }).where(eq(sellers.id, noExpiry.id));
    expect(await refusal(verifySeller({ email: noExpiry.email, code: code2 }))).toEqual(badCode);
  });

  it('a wrong code is 422 naming the code; the limit reached is 409 naming it too', async () => {
    const applied = await signUpSeller(application(), authCtx());
    const code = await codeOf(applied.email);
    expect(await refusal(verifySeller({ email: applied.email, code: wrongFor(code) }))).toEqual({ ...badCode, status: 422 });
    await getDb().update(sellers).set({ codeAttempts: 5 }).where(eq(sellers.id, applied.id));
    const tooMany = 'Too many wrong codes. Sign up again to get a new one.';
    expect(await refusal(verifySeller({ email: applied.email, code }))).toEqual({
      status: 409,
      message: tooMany,
      fields: { code: tooMany },
    });
  });

  it('works until the very moment the code expires, and not after', async () => {
    const applied = await signUpSeller(application(), authCtx());
    const code = await codeOf(applied.email);
    const [row] = await getDb().select().from(sellers).where(eq(sellers.id, applied.id));
    const expires = row!.codeExpiresAt!;
    const expired = 'The code has expired. Sign up again to get a new one.';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(expires.getTime() + 1));
    expect(await refusal(verifySeller({ email: applied.email, code }))).toEqual({
      status: 409,
      message: expired,
      fields: { code: expired },
    });
    vi.setSystemTime(expires);
    expect(await verifySeller({ email: applied.email, code })).toEqual({ id: applied.id, status: 'verified' });
  });

  it('answers a confirmed application as confirmed again; one already approved or refused is handled', async () => {
    const applied = await signUpSeller(application(), authCtx());
    const code = await codeOf(applied.email);
    expect(await verifySeller({ email: applied.email, code })).toEqual({ id: applied.id, status: 'verified' });
    expect(await verifySeller({ email: applied.email, code: wrongFor(code) })).toEqual({ id: applied.id, status: 'verified' });
    const handled = 'This application was already handled. Sign in, or contact the shop.';
    await approveSeller(applied.id, 'http://shop.test', 'Voltmart');
    expect(await refusal(verifySeller({ email: applied.email, code }))).toEqual({
      status: 409,
      message: handled,
      fields: { code: handled },
    });
    const refused = await signUpSeller(application(), authCtx());
    await getDb().update(sellers).set({ status: 'rejected' }).where(eq(sellers.id, refused.id));
    expect(await refusal(verifySeller({ email: refused.email, code: await codeOf(refused.email) }))).toEqual({
      status: 409,
      message: handled,
      fields: { code: handled },
    });
  });
});
