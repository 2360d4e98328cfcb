import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { test, expect } from '../fixtures';
import { startServer, stop } from './server-process';

/**
 * Running in production (issue 18): /healthz says the process is up, /readyz that its database answers
 * with every migration applied; SIGTERM under load finishes the requests in flight, loses no write it
 * acknowledged, closes the embedded database cleanly and exits 0, so the next start opens it at once.
 */
const PORT = Number(process.env.E2E_PORT ?? 4399) + 6;

test.describe.configure({ mode: 'serial', timeout: 600_000 });

test('healthz and readyz', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-ready-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED: 'none' }, PORT);
  try {
    expect(server.output(), server.output()).toContain('is ready at');
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const ready = await fetch(`${server.origin}/readyz`);
    expect(ready.status).toBe(200);
    const body = await ready.json();
    expect(body).toMatchObject({ ready: true, database: 'up', kind: 'pglite' });
    expect(body.migrations.applied).toBe(body.migrations.known);
    expect(body.migrations.known).toBeGreaterThan(0);
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('SIGTERM under load loses no acknowledged write and leaves the embedded database usable', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-sigterm-'));
  try {
    const server = await startServer({ DATA_DIR: dataDir, SEED: 'none', SHUTDOWN_GRACE_MS: '20000' }, PORT);
    expect(server.output(), server.output()).toContain('is ready at');
    const acknowledged: string[] = [];
    let signalled = false;
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    // Five clients subscribe addresses one after another until the server stops answering.
    const client = async (c: number) => {
      for (let i = 0; i < 200; i++) {
        const email = `sigterm-${c}-${i}@example.com`;
        try {
          const res = await fetch(`${server.origin}/api/v1/email-subscription`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: server.origin },
            body: JSON.stringify({ email }),
          });
          if (res.status === 200) acknowledged.push(email);
        } catch {
          return; // refused or cut: the server is going away, nothing was acknowledged
        }
        if (!signalled && acknowledged.length >= 20) {
          signalled = true;
          server.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4].map(client));
    expect(await exited, server.output()).toBe(0);
    expect(server.output()).toContain('shutdown done');
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    // Every acknowledged address is on disk.
    const db = await PGlite.create(path.join(dataDir, 'pg'), { extensions: { pg_trgm } });
    const stored = new Set((await db.query<{ email: string }>('select email from newsletter_subscribers')).rows.map((r) => r.email));
    await db.close();
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);

    // The lock was released: the next start opens the same directory.
    const again = await startServer({ DATA_DIR: dataDir, SEED: 'none' }, PORT);
    expect(again.output(), again.output()).toContain('is ready at');
    expect((await fetch(`${again.origin}/readyz`)).status).toBe(200);
    await stop(again);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
