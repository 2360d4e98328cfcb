import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { useScratchOutbox } from './auth-helpers';
import { useTestDatabase } from '../setup/db';
import { sendTestMail } from '@/server/ops/mail-test';
import { readOutbox } from '@/server/mail/outbox';
import { resetEnv } from '@/server/core/env';

/**
 * `npm run shop` (issue 18): one entry point whose --help lists every command, a refusal that exits 1
 * with its message, and mail:test (without SMTP the message is written to the outbox; a broken SMTP
 * server's refusal is reported, not swallowed).
 */
useTestDatabase();
const outbox = useScratchOutbox();
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-cli-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const shop = (args: string[]) =>
  run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/shop.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(scratch, 'data'), DATABASE_URL: '', SEED: 'none' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );

describe('npm run shop', () => {
  it('--help lists every command', async () => {
    const { code, stdout } = await shop(['--help']);
    expect(code).toBe(0);
    for (const command of [
      'backup',
      'restore',
      'catalog:export',
      'catalog:import',
      'mail:test',
      'seller:list',
      'seller:approve',
      'newsletter:send',
    ])
      expect(stdout).toContain(`  ${command}`);
  }, 180_000);

  it('an unknown command and a refused import exit non-zero with their message', async () => {
    const unknown = await shop(['nonsense']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "nonsense".');
    const folder = path.join(scratch, 'bad');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'brands.csv'), 'slug,title\nfine-brand,Fine\nBad Slug,Bad\n');
    const refused = await shop(['catalog:import', folder]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('1 problem; nothing was imported:\nbrands.csv line 3: slug: must be lower-case letters');
  }, 120_000);
});

describe('mail:test', () => {
  it('without SMTP_URL writes the message to the outbox and says so', async () => {
    const said = await sendTestMail('operator@example.com', 'Voltmart');
    expect(said).toMatch(/^No SMTP_URL is set: the test message to operator@example.com was written to .+ as an \.eml file\.$/);
    const mail = (await readOutbox(outbox)).find((m) => m.to === 'operator@example.com');
    expect(mail?.subject).toBe('Voltmart: test message');
  });

  it('reports an SMTP server that refuses, and refuses a non-address', async () => {
    await expect(sendTestMail('not-an-address', 'Voltmart')).rejects.toThrow('"not-an-address" is not an email address.');
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    resetEnv();
    await expect(sendTestMail('operator@example.com', 'Voltmart')).rejects.toThrow(
      /^The SMTP server in SMTP_URL refused us: .*ECONNREFUSED/,
    );
  });
});
