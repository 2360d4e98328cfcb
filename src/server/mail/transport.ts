import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { getEnv } from '@/server/core/env';

/** One message: a plain text part and an HTML part. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A mail carrying a code or a link: not sent, nor its body kept, after this (the code no longer works). */
  expiresAt?: Date;
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

const smtp = new Map<string, Transporter>();
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** The folder where mail goes when there is no SMTP server. */
export const outboxDir = (dataDir = getEnv().DATA_DIR) => path.join(dataDir, 'mail');

/**
 * Hands one message over: to the SMTP server in SMTP_URL, otherwise as an `.eml` file (plus a JSON sidecar
 * with to/subject/text) under DATA_DIR/mail. Throws when it could not (the sender retries).
 */
export async function transmit(mail: Mail): Promise<void> {
  const env = getEnv();
  const message = { from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
  if (env.SMTP_URL) {
    let transport = smtp.get(env.SMTP_URL);
    if (!transport) {
      // Short timeouts: a claimed mail must be handed over well within its claim (mail/sender.ts CLAIM_MS).
      transport = nodemailer.createTransport({
        url: env.SMTP_URL,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      } as never);
      smtp.set(env.SMTP_URL, transport);
    }
    await transport.sendMail(message);
    return;
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
}
