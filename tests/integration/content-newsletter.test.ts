import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { useScratchOutbox, uniqueEmail } from './auth-helpers';
import { confirmNewsletter, sendNewsletter, subscribeNewsletter, unsubscribeNewsletter } from '@/server/content/newsletter';
import { lastMailTo, linkIn } from '@/server/mail/outbox';

const outbox = useScratchOutbox();
useTestDatabase();
const actor = { origin: 'http://shop.test', siteName: 'Voltmart' };
const tokenOf = (text: string, path: string) => new URL(linkIn(text, path)!).searchParams.get('token')!;

describe('newsletter double opt-in', () => {
  it('mails a confirmation link, confirms, sends issues with an unsubscribe link, and lets people leave and come back', async () => {
    const email = uniqueEmail('reader');
    expect(await subscribeNewsletter(email, actor)).toEqual({ created: true, status: 'pending' });
    const confirmation = await lastMailTo(outbox, email);
    expect(confirmation?.subject).toBe('Confirm your subscription to Voltmart');
    const token = tokenOf(confirmation!.text, '/newsletter/confirm');

    // Not confirmed yet: no newsletter for this address; asking again is not an error and resends the link.
    expect(await sendNewsletter('Issue 1', ['Hello'], actor)).toBe(0);
    expect(await subscribeNewsletter(email, actor)).toEqual({ created: false, status: 'pending' });

    expect(await confirmNewsletter(token)).toEqual({ email });
    expect(await subscribeNewsletter(email, actor)).toEqual({ created: false, status: 'subscribed' });
    expect(await sendNewsletter('Issue 2', ['New chargers are in.'], actor)).toBe(1);
    const issue = await lastMailTo(outbox, email);
    expect(issue?.subject).toBe('Issue 2');
    expect(tokenOf(issue!.text, '/newsletter/unsubscribe')).toBe(token);

    expect(await unsubscribeNewsletter(token)).toEqual({ email });
    expect(await unsubscribeNewsletter(token)).toEqual({ email });
    expect(await sendNewsletter('Issue 3', ['Hello'], actor)).toBe(0);
    expect(await subscribeNewsletter(email, actor)).toEqual({ created: false, status: 'pending' });
    expect(await confirmNewsletter('not-a-real-token-at-all')).toBeNull();
  });
});
