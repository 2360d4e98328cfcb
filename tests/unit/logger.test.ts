import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logLevel } from '@/server/core/logger.mjs';

/** Structured logs (issue 18): JSON lines with the request id; secrets never written, wherever they sit. */
function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { log, requests } = createLogger({ level: 'info', destination });
  return { log, requests, lines };
}

describe('logger', () => {
  it('never writes cookies, authorization, passwords or tokens', () => {
    const { log, lines } = capture();
    log.info(
      {
        password: 'hunter2-pw',
        token: 'tok-123',
        user: { new_password: 'np-456', access_token: 'at-789' },
        req: { headers: { cookie: 'session=abc', authorization: 'Bearer xyz', 'set-cookie': 'frontend_guest=g1' } },
        fine: 'kept',
      },
      'something happened',
    );
    const out = lines.join('');
    for (const secret of ['hunter2-pw', 'tok-123', 'np-456', 'at-789', 'session=abc', 'Bearer xyz', 'frontend_guest=g1'])
      expect(out).not.toContain(secret);
    const line = JSON.parse(out);
    expect(line).toMatchObject({ level: 'info', msg: 'something happened', fine: 'kept', password: '[redacted]' });
  });

  it('adds the id of the request being served', () => {
    const { log, requests, lines } = capture();
    requests.run({ id: 'req-42' }, () => log.warn('inside'));
    log.warn('outside');
    const [inside, outside] = lines.map((l) => JSON.parse(l));
    expect(inside).toMatchObject({ req_id: 'req-42', msg: 'inside', level: 'warn' });
    expect(outside.req_id).toBeUndefined();
  });

  it('is silent under the test runner unless LOG_LEVEL asks', () => {
    expect(logLevel({ VITEST: 'true' })).toBe('silent');
    expect(logLevel({ VITEST: 'true', LOG_LEVEL: 'debug' })).toBe('debug');
    expect(logLevel({})).toBe('info');
    expect(logLevel({ LOG_LEVEL: 'nonsense' })).toBe('info');
  });
});
