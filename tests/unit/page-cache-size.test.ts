import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { autoPageCacheMb } from '@/server/db/client';
import { getEnv } from '@/server/core/env';

/**
 * Issue 39: the embedded database's page cache follows the database's size when PGLITE_SHARED_BUFFERS_MB is not
 * set: the demo stays at 32 MB (the memory goal), a big catalogue gets up to 160 MB. Files are sparse: their size
 * is what the rule reads, without writing it.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function databaseOf(filesMb: number[]): string {
  const pg = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-'));
  dirs.push(pg);
  filesMb.forEach((mb, i) => {
    const dir = path.join(pg, 'base', String(1 + (i % 3)));
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${16384 + i}`);
    fs.writeFileSync(file, '');
    fs.truncateSync(file, mb * 2 ** 20);
  });
  // Outside base/: the write-ahead log is not the tables' size.
  fs.mkdirSync(path.join(pg, 'pg_wal'));
  fs.writeFileSync(path.join(pg, 'pg_wal', 'segment'), '');
  fs.truncateSync(path.join(pg, 'pg_wal', 'segment'), 512 * 2 ** 20);
  return pg;
}

describe("the embedded database's page cache, sized from its files", () => {
  it('is 32 MB for a new or small database, like the demo', () => {
    expect(autoPageCacheMb(path.join(os.tmpdir(), 'no-such-database'))).toBe(32);
    expect(autoPageCacheMb(databaseOf([]))).toBe(32);
    expect(autoPageCacheMb(databaseOf([20, 12, 10]))).toBe(32);
  });

  it('is half the files in steps of 16 MB, up to 160 MB', () => {
    expect(autoPageCacheMb(databaseOf([60, 40, 28]))).toBe(64);
    expect(autoPageCacheMb(databaseOf([200, 100, 30]))).toBe(160);
    expect(autoPageCacheMb(databaseOf([300, 400, 500]))).toBe(160);
  });

  it('is chosen only when PGLITE_SHARED_BUFFERS_MB is unset or empty', () => {
    expect(getEnv({}).PGLITE_SHARED_BUFFERS_MB).toBeUndefined();
    expect(getEnv({ PGLITE_SHARED_BUFFERS_MB: '' }).PGLITE_SHARED_BUFFERS_MB).toBeUndefined();
    expect(getEnv({ PGLITE_SHARED_BUFFERS_MB: '96' }).PGLITE_SHARED_BUFFERS_MB).toBe(96);
    expect(() => getEnv({ PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });
});
