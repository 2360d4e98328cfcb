import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { getEnv } from '@/server/core/env';
import { log } from '@/server/core/logger.mjs';

/** One message: a plain text part and an HTML part. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What the file outbox keeps beside each `.eml` (read by tests and by an operator without SMTP). */
export interface OutboxEntry {
  to: string;
  from: string;
  subject: string;
  text: string;
  file: string;
  createdAt: string;
}

let smtp: Transporter | undefined;
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** The folder where mail goes when there is no SMTP server. */
export const outboxDir = (dataDir = getEnv().DATA_DIR) => path.join(dataDir, 'mail');

/**
 * Sends a message: through SMTP when SMTP_URL is set, otherwise as an `.eml` file (plus a JSON
 * sidecar with to/subject/text) under DATA_DIR/mail. Never throws: a mail failure is logged and the
 * caller's action stands (a person can ask for another code).
 */
export async function sendMail(mail: Mail): Promise<boolean> {
  const env = getEnv();
  const message = { from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
  try {
    if (env.SMTP_URL) {
      smtp ??= nodemailer.createTransport(env.SMTP_URL);
      await smtp.sendMail(message);
      return true;
    }
    const info = (await composer.sendMail(message)) as unknown as { message: Buffer };
    const dir = outboxDir(env.DATA_DIR);
    await fs.mkdir(dir, { recursive: true });
    // Sortable names: time first, then randomness so two mails in one millisecond do not collide.
    const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    await fs.writeFile(path.join(dir, `${base}.eml`), info.message);
    const entry: OutboxEntry = {
      to: mail.to,
      from: env.MAIL_FROM,
      subject: mail.subject,
      text: mail.text,
      file: `${base}.eml`,
      createdAt: new Date().toISOString(),
    };
    await fs.writeFile(path.join(dir, `${base}.json`), JSON.stringify(entry, null, 2));
    return true;
  } catch (err) {
    log.error({ err, to: mail.to, subject: mail.subject }, 'mail: could not send');
    return false;
  }
}
