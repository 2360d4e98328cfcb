import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '../fixtures';
import { startServer, stop } from './server-process';

/**
 * Structured logs (issue 18): the production server writes JSON lines; each answer carries an
 * X-Request-Id and the request's log line the same id; cookies, authorization and query strings
 * (reset tokens) never reach the log.
 */
const PORT = Number(process.env.E2E_PORT ?? 4399) + 7;

test.describe.configure({ timeout: 600_000 });

test('JSON log lines with the request id, and no secrets in them', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-logs-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED: 'none', LOG_REQUESTS: 'true', LOG_LEVEL: 'info' }, PORT);
  try {
    expect(server.output(), server.output()).toContain('is ready at');
    const res = await fetch(`${server.origin}/api/v1/common?token=reset-token-123`, {
      headers: { cookie: 'frontend_session=cookie-secret-456', authorization: 'Bearer bearer-secret-789' },
    });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // An id sent by a client is not trusted without TRUST_PROXY: the server makes its own.
    const spoofed = await fetch(`${server.origin}/healthz`, { headers: { 'x-request-id': 'forged-id' } });
    expect(spoofed.headers.get('x-request-id')).not.toBe('forged-id');

    await expect.poll(() => server.output()).toContain(id!);
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.find((l) => l.req_id === id)).toMatchObject({ method: 'GET', path: '/api/v1/common', status: 200, msg: 'request' });
    for (const secret of ['reset-token-123', 'cookie-secret-456', 'bearer-secret-789']) expect(server.output()).not.toContain(secret);
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
