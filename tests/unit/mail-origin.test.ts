import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getEnv, type Env } from '@/server/core/env';
import { mailOrigin, NO_MAIL_ORIGIN, saveServedOrigin } from '@/server/ops/mail-origin';

// Issue 31: mails sent by `npm run shop` linked to http://127.0.0.1:4321 whatever address the shop served on.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-origin-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const envWith = (over: Partial<Env>): Env => ({ ...getEnv(), PUBLIC_URL: undefined, ...over }) as Env;

describe("the operator's commands' mail links", () => {
  it('use PUBLIC_URL when it is set', () => {
    expect(mailOrigin(envWith({ PUBLIC_URL: 'https://shop.example.com/x', DATA_DIR: path.join(scratch, 'a') }))).toBe(
      'https://shop.example.com',
    );
  });

  it('refuse when there is no PUBLIC_URL and the shop never saved its address, instead of linking to defaults', () => {
    expect(() => mailOrigin(envWith({ DATA_DIR: path.join(scratch, 'b') }))).toThrow(NO_MAIL_ORIGIN);
  });

  it("use the address the running shop saved as it started (another port than this process's)", () => {
    const dataDir = path.join(scratch, 'c');
    saveServedOrigin(envWith({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: 4788 }));
    expect(mailOrigin(envWith({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: 4321 }))).toBe('http://127.0.0.1:4788');
    saveServedOrigin(envWith({ DATA_DIR: dataDir, PUBLIC_URL: 'https://volt.example' }));
    expect(mailOrigin(envWith({ DATA_DIR: dataDir }))).toBe('https://volt.example');
  });
});
