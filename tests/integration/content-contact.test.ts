import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { useScratchOutbox, authCtx, uniqueEmail } from './auth-helpers';
import { getDb } from '@/server/db/client';
import { contactMessages } from '@/server/db/schema';
import { getSettings, putSetting } from '@/server/settings';
import { CONTACT_LIMIT, sendContactMessage } from '@/server/content/contact';
import { lastMailTo } from '@/server/mail/outbox';
import { isAppError } from '@/server/core/errors';

const outbox = useScratchOutbox();
useTestDatabase();

describe('the contact form', () => {
  it('stores the message, mails it to the shop and acknowledges it to the sender', async () => {
    await putSetting('setting', { ...(await getSettings()).setting, email: 'help@shop.test' });
    const email = uniqueEmail('writer');
    const { id } = await sendContactMessage(
      { name: 'Ada', email, subject: 'Where is my parcel?', message: 'Order 12 has not arrived.' },
      authCtx(),
    );
    const [row] = (await getDb().select().from(contactMessages)).filter((r) => r.id === id);
    expect(row).toMatchObject({ name: 'Ada', email, subject: 'Where is my parcel?' });
    const toShop = await lastMailTo(outbox, 'help@shop.test');
    expect(toShop?.subject).toBe(`[Contact #${id}] Where is my parcel?`);
    expect(toShop?.text).toContain(`From: Ada <${email}>`);
    expect(toShop?.text).toContain('Order 12 has not arrived.');
    const ack = await lastMailTo(outbox, email);
    expect(ack?.subject).toBe('We received your message: Where is my parcel?');
    expect(ack?.text).toContain(`Your reference: #${id}`);
  });

  it(`refuses the ${CONTACT_LIMIT + 1}th message from one address within the hour with 429 and stores nothing more`, async () => {
    const ctx = authCtx({ ip: '203.0.113.77' });
    const before = (await getDb().select().from(contactMessages)).length;
    for (let i = 0; i < CONTACT_LIMIT; i++) {
      await sendContactMessage({ name: 'Bo', email: uniqueEmail('bo'), subject: `Try ${i}`, message: 'Hello' }, ctx);
    }
    const err = await sendContactMessage({ name: 'Bo', email: uniqueEmail('bo'), subject: 'One more', message: 'Hello' }, ctx).catch(
      (e: unknown) => e,
    );
    expect(isAppError(err) && err.httpStatus).toBe(429);
    expect(isAppError(err) && err.message).toMatch(/^You have sent several messages in a short time\. Please try again in \d+ minutes?\.$/);
    expect((await getDb().select().from(contactMessages)).length).toBe(before + CONTACT_LIMIT);
  });
});
