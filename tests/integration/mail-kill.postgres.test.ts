import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { useTestDatabase, TEST_DB } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { resetEnv } from '@/server/core/env';
import { settleAfterAnswer } from '@/server/core/background';
import { deliverDue, queueMail } from '@/server/mail';

/**
 * The outbox across a crash (issue 37): a server process killed with SIGKILL while it hands mails to the SMTP
 * server loses none and, after the restart, sends each once. The killed process is a real one (a child running
 * the sender against the same PostgreSQL database); its claim on the mails runs out and the restarted sender
 * takes them over. (On the embedded database one process owns the data: there is no second process to kill.)
 */
const db = useTestDatabase();
const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An SMTP server that, while `stall` is on, takes a message's data and never answers it (a slow relay). */
async function startSmtp(port: number) {
  const received: string[] = [];
  const state = { stall: true, started: 0 };
  let onStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (onStarted = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      state.started++;
      const to = session.envelope.rcptTo.map((r) => r.address);
      stream.on('data', () => {});
      stream.on('end', () => {
        if (state.stall) {
          onStarted();
          return; // never answered: the sender waits — and is killed while it does
        }
        received.push(...to);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, state, started, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
afterAll(async () => {
  await settleAfterAnswer();
  await smtp?.stop();
});

// A PostgreSQL-only file (`*.postgres.test.ts`): vitest.config.ts leaves it out of the embedded database's run.
if (TEST_DB !== 'postgres') throw new Error('mail-kill runs on PostgreSQL only: run it with TEST_DB=postgres');

describe('mail across a SIGKILL', () => {
  it('a process killed while sending loses no mail, and none goes out twice after the restart', async () => {
    const port = await freePort();
    smtp = await startSmtp(port);
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    resetEnv();
    const addresses = Array.from({ length: 3 }, (_, i) => `killed.${process.pid}.${i}@example.com`);
    // Due in a minute: this process's own kick after the commit finds nothing yet; the child takes them.
    const due = new Date(Date.now() + 60_000);
    await getDb().transaction(async (tx) => {
      for (const to of addresses) await queueMail(tx, { to, subject: `Order for ${to}`, text: 'Paid', html: '<p>Paid</p>' }, due);
    });
    await settleAfterAnswer();
    await getDb().execute(sql`update mail_outbox set next_attempt_at = now() where "to" like ${`killed.${process.pid}.%`}`);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-kill-'));
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'tests/integration/children/mail-sender.ts')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: db.current().url!, SMTP_URL: `smtp://127.0.0.1:${port}`, DATA_DIR: dataDir, SEED: 'none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // The child handed the first mail over and waits for the relay's answer: kill it there.
    await Promise.race([smtp.started, exited]);
    expect(child.exitCode, output).toBeNull();
    child.kill('SIGKILL');
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
    expect(smtp.received).toEqual([]);

    const rows = await queryRows<{ status: string }>(
      getDb(),
      sql`select status from mail_outbox where "to" like ${`killed.${process.pid}.%`} order by id`,
    );
    // The killed process held its claim: nothing is lost, nothing was marked sent.
    expect(rows.map((r) => r.status)).toContain('sending');
    expect(rows.every((r) => r.status !== 'sent')).toBe(true);

    // The restart: a sender after the dead process's claim ran out (2 minutes), the relay answering now.
    smtp.state.stall = false;
    const restart = new Date(Date.now() + 3 * 60_000);
    await deliverDue({ now: restart });
    await deliverDue({ now: new Date(restart.getTime() + 60 * 60_000) });
    for (const to of addresses)
      expect(
        smtp.received.filter((r) => r === to),
        to,
      ).toHaveLength(1);
    const after = await queryRows<{ status: string }>(
      getDb(),
      sql`select status from mail_outbox where "to" like ${`killed.${process.pid}.%`} order by id`,
    );
    expect(after.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 300_000);
});
