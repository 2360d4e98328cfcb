import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { useScratchOutbox, authCtx } from './auth-helpers';
import { getDb } from '@/server/db/client';
import { sellers, stores, users } from '@/server/db/schema';
import { getSettings, putSetting } from '@/server/settings';
import { SELLER_EMAIL_TAKEN, SHOP_NAME_TAKEN, signUpSeller, verifySeller } from '@/server/sellers/signup';
import { approveSeller, shopSlug } from '@/server/sellers/approve';
import { codeIn, lastMailTo } from '@/server/mail/outbox';
import { isAppError } from '@/server/core/errors';
import { verifyPassword } from '@/server/auth/passwords';

const outbox = useScratchOutbox();
useTestDatabase();

const application = (over: Record<string, string> = {}) => ({
  shop_name: 'Watt Works',
  name: 'Mia Chen',
  email: 'mia@watt.example',
  phone: '(512) 555-0199',
  password: 'secret-pass',
  password_confirmation: 'secret-pass',
  address: '1 Main St, Austin',
  ...over,
});
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (isAppError(e) ? { status: e.httpStatus, message: e.message } : e),
  );

describe('seller registration', () => {
  it('is not found while vendor_registration is off', async () => {
    await putSetting('setting', { ...(await getSettings()).setting, vendor_registration: false });
    expect(await failureOf(signUpSeller(application(), authCtx()))).toMatchObject({ status: 404 });
    await putSetting('setting', { ...(await getSettings()).setting, vendor_registration: true });
  });

  it('applies, confirms the mailed code, refuses duplicates, and the operator opens the store', async () => {
    const applied = await signUpSeller(application(), authCtx());
    expect(applied).toMatchObject({ status: 'pending', email: 'mia@watt.example' });
    const mail = await lastMailTo(outbox, 'mia@watt.example');
    const code = codeIn(mail!.text)!;
    expect(code).toMatch(/^\d{6}$/);

    // Another applicant cannot take the name (any case); approving before the email is confirmed is refused.
    expect(await failureOf(signUpSeller(application({ email: 'other@watt.example', shop_name: 'watt WORKS' }), authCtx()))).toEqual({
      status: 409,
      message: SHOP_NAME_TAKEN,
    });
    expect(await failureOf(approveSeller(applied.id, 'http://shop.test', 'Voltmart'))).toMatchObject({ status: 409 });

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await failureOf(verifySeller({ email: 'mia@watt.example', code: wrong }))).toMatchObject({ status: 422 });
    expect(await verifySeller({ email: 'mia@watt.example', code })).toEqual({ id: applied.id, status: 'verified' });
    expect(await failureOf(signUpSeller(application({ shop_name: 'Another Name' }), authCtx()))).toEqual({
      status: 409,
      message: SELLER_EMAIL_TAKEN,
    });

    const approved = await approveSeller(applied.id, 'http://shop.test', 'Voltmart');
    expect(approved.url).toBe('http://shop.test/shop/watt-works');
    const [store] = await getDb().select().from(stores).where(eq(stores.id, approved.store_id));
    expect(store).toMatchObject({ slug: 'watt-works', name: 'Watt Works', status: 1 });
    const [user] = await getDb().select().from(users).where(eq(users.id, approved.user_id));
    expect(user?.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword('secret-pass', user!.passwordHash)).toBe(true);
    const [row] = await getDb().select().from(sellers).where(eq(sellers.id, applied.id));
    expect(row).toMatchObject({ status: 'approved', storeId: approved.store_id, userId: approved.user_id, passwordHash: null });
    const approval = await lastMailTo(outbox, 'mia@watt.example');
    expect(approval?.subject).toBe('Your shop "Watt Works" is open on Voltmart');
    expect(approval?.text).toContain('http://shop.test/shop/watt-works');
    expect(await failureOf(approveSeller(applied.id, 'http://shop.test', 'Voltmart'))).toMatchObject({
      status: 409,
      message: expect.stringContaining('already approved'),
    });
    // The open store's name stays taken.
    expect(await failureOf(signUpSeller(application({ email: 'late@watt.example' }), authCtx()))).toEqual({
      status: 409,
      message: SHOP_NAME_TAKEN,
    });
  });

  it('takes 5 wrong codes (decision 0007), counted per application; after them even the right code is refused until a new sign-up', async () => {
    const CODE_ATTEMPTS = 5;
    const codeOf = async (email: string) => codeIn((await lastMailTo(outbox, email))!.text)!;
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    const bad = { status: 422, message: 'The code is not right. Check the latest email we sent, or sign up again for a new code.' };
    const tooMany = { status: 409, message: 'Too many wrong codes. Sign up again to get a new one.' };

    // One try short of the limit: the right code still confirms the email.
    await signUpSeller(application({ email: 'edge@watt.example', shop_name: 'Edge Volts' }), authCtx());
    const edgeCode = await codeOf('edge@watt.example');
    for (let i = 0; i < CODE_ATTEMPTS - 1; i++)
      expect(await failureOf(verifySeller({ email: 'edge@watt.example', code: wrongFor(edgeCode) }))).toEqual(bad);
    expect(await verifySeller({ email: 'edge@watt.example', code: edgeCode })).toMatchObject({ status: 'verified' });

    // At the limit: every further try is refused, the right code included, and the application stays pending.
    const applied = await signUpSeller(application({ email: 'guess@watt.example', shop_name: 'Guess Volts' }), authCtx());
    const code = await codeOf('guess@watt.example');
    for (let i = 0; i < CODE_ATTEMPTS; i++)
      expect(await failureOf(verifySeller({ email: 'guess@watt.example', code: wrongFor(code) }))).toEqual(bad);
    expect(await failureOf(verifySeller({ email: 'guess@watt.example', code }))).toEqual(tooMany);
    expect(await failureOf(verifySeller({ email: 'guess@watt.example', code: wrongFor(code) }))).toEqual(tooMany);
    const [row] = await getDb().select().from(sellers).where(eq(sellers.id, applied.id));
    expect(row).toMatchObject({ status: 'pending', codeAttempts: CODE_ATTEMPTS });

    // Signing up again sends a new code and a fresh count of tries.
    await signUpSeller(application({ email: 'guess@watt.example', shop_name: 'Guess Volts' }), authCtx());
    const fresh = await codeOf('guess@watt.example');
    expect(await failureOf(verifySeller({ email: 'guess@watt.example', code: wrongFor(fresh) }))).toEqual(bad);
    expect(await verifySeller({ email: 'guess@watt.example', code: fresh })).toEqual({ id: applied.id, status: 'verified' });
  });

  it('makes URL slugs of shop names', () => {
    expect(shopSlug('  Élan Power & Co.  ')).toBe('elan-power-co');
    expect(shopSlug('!!!')).toBe('shop');
  });
});
