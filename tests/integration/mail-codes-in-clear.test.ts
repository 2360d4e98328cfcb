import net from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { authCtx, uniqueEmail, useScratchOutbox } from './auth-helpers';
import { getDb, queryRows } from '@/server/db/client';
import { resetEnv } from '@/server/core/env';
import { settleAfterAnswer } from '@/server/core/background';
import { purgeMail } from '@/server/mail';
import { signUp } from '@/server/auth/signup';
import { requestPasswordReset } from '@/server/auth/reset';
import { signUpSeller } from '@/server/sellers/signup';
import { getSettings, putSetting } from '@/server/settings';
import { RESET_MINUTES, VERIFY_MINUTES } from '@/server/auth/codes';

/**
 * "Codes and links in the outbox are not stored in clear longer than they are valid" (issue 37), for the real
 * flows that mail one: the e-mail verification code, the password reset (link and code), the seller application's
 * code. With SMTP down the mail waits in the outbox with its text; its `expires_at` is when its code stops working
 * (never later), and once that passes the text is gone — the sender fails it, the hourly purge blanks it — while a
 * mail whose code still works keeps it. (A sent mail's text is blanked at once: mail-outbox.test.ts.)
 */
useTestDatabase();
useScratchOutbox();
afterEach(settleAfterAnswer);

beforeAll(async () => {
  // SMTP where nothing listens: every mail waits, text and all.
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  resetEnv();
});

interface Row {
  id: number;
  status: string;
  text: string | null;
  expires_at: Date | string | null;
}
const mailTo = async (to: string) =>
  (await queryRows<Row>(getDb(), sql`select id, status, text, expires_at from mail_outbox where "to" = ${to} order by id`)).at(-1)!;
/** The latest unused token of this kind for the account of `email`: when it stops working. */
const tokenExpiry = async (email: string, kind: 'verify' | 'reset') =>
  new Date(
    (
      await queryRows<{ expires_at: Date | string }>(
        getDb(),
        sql`select t.expires_at from user_tokens t join users u on u.id = t.user_id
            where u.email = ${email} and t.kind = ${kind} and t.used_at is null order by t.id desc limit 1`,
      )
    )[0]!.expires_at,
  );

/** Its code in clear until `validUntil`, not a moment longer. */
async function keptNoLongerThan(to: string, code: RegExp, validUntil: Date) {
  const row = await mailTo(to);
  expect(row.status).toBe('waiting');
  expect(row.text).toMatch(code);
  const expires = new Date(row.expires_at!);
  // Never kept past the code's end, and not cut short by more than the few seconds between the two writes.
  expect(expires.getTime()).toBeLessThanOrEqual(validUntil.getTime() + 1_000);
  expect(expires.getTime()).toBeGreaterThan(validUntil.getTime() - 60_000);
  // A minute before it ends the text stays; just after, it is gone.
  await purgeMail(getDb(), new Date(expires.getTime() - 60_000));
  expect((await mailTo(to)).text).toMatch(code);
  await purgeMail(getDb(), new Date(expires.getTime() + 1_000));
  expect(await mailTo(to)).toMatchObject({ status: 'failed', text: null });
}

describe('codes and links in the outbox', () => {
  it('the verification code of a new account', async () => {
    const email = uniqueEmail('verify');
    await signUp({ name: 'Ada', email, password: 'secret-pass', password_confirmation: 'secret-pass' } as never, authCtx());
    await settleAfterAnswer();
    const until = await tokenExpiry(email, 'verify');
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(VERIFY_MINUTES * 60_000);
    await keptNoLongerThan(email, /\b\d{6}\b/, until);
  });

  it('the password reset link and code', async () => {
    const email = uniqueEmail('reset');
    await signUp({ name: 'Bo', email, password: 'secret-pass', password_confirmation: 'secret-pass' } as never, authCtx());
    await requestPasswordReset(email, authCtx());
    await settleAfterAnswer();
    const until = await tokenExpiry(email, 'reset');
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(RESET_MINUTES * 60_000);
    await keptNoLongerThan(email, /reset-password\?token=/, until);
  });

  it("the seller application's code", async () => {
    await putSetting('setting', { ...(await getSettings()).setting, vendor_registration: true });
    const email = uniqueEmail('seller');
    await signUpSeller(
      {
        shop_name: `Codes ${Date.now()}`,
        name: 'Mia',
        email,
        phone: '(512) 555-0199',
        password: 'secret-pass',
        password_confirmation: 'secret-pass',
        address: '1 Main St',
      },
      authCtx(),
    );
    await settleAfterAnswer();
    const [seller] = await queryRows<{ code_expires_at: Date | string }>(getDb(), sql`select code_expires_at from sellers where email = ${email}`);
    await keptNoLongerThan(email, /\b\d{6}\b/, new Date(seller!.code_expires_at));
  });
});
