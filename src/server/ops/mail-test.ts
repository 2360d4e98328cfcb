import nodemailer from 'nodemailer';
import { z } from 'zod';
import { getEnv } from '@/server/core/env';
import { outboxDir, transmit } from '@/server/mail';

/**
 * Sends one test message the way the shop sends all mail, and says where it went. With SMTP_URL the
 * server is asked first (`verify`), so a wrong host, port or password is reported with the server's
 * own words instead of a mail silently lost.
 */
export async function sendTestMail(to: string, siteName: string): Promise<string> {
  if (!z.email().safeParse(to).success) throw new Error(`"${to}" is not an email address.`);
  const env = getEnv();
  if (env.SMTP_URL) {
    try {
      await nodemailer.createTransport(env.SMTP_URL).verify();
    } catch (err) {
      throw new Error(`The SMTP server in SMTP_URL refused us: ${(err as Error).message}`);
    }
  }
  const text = `This is a test message from ${siteName}. If you can read it, the shop's mail works.`;
  // Straight to the server, not through the outbox: the operator wants to know now whether mail works.
  try {
    await transmit({
      to,
      subject: `${siteName}: test message`,
      text,
      html: `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`,
    });
  } catch (err) {
    throw new Error(`The message could not be sent: ${(err as Error).message}`);
  }
  return env.SMTP_URL
    ? `Sent a test message to ${to} through the SMTP server in SMTP_URL (from ${env.MAIL_FROM}).`
    : `No SMTP_URL is set: the test message to ${to} was written to ${outboxDir()} as an .eml file.`;
}
