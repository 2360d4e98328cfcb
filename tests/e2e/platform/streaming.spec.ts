import http from 'node:http';
import { test, expect } from '../fixtures';

/** Resolves with how the response ended: 'end' (complete), 'aborted' (cut off), or 'hung' after 60 s (generous: a loaded CI machine is slow, a hang is for ever). */
function fetchRaw(url: string, encoding: string): Promise<{ status: number; outcome: string; bytes: number }> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      const timer = setTimeout(() => {
        req.destroy();
        resolve({ status: res.statusCode!, outcome: 'hung', bytes });
      }, 60_000);
      const done = (outcome: string) => {
        clearTimeout(timer);
        resolve({ status: res.statusCode!, outcome, bytes });
      };
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => done('end'));
      res.on('aborted', () => done('aborted'));
      res.on('error', () => done('aborted'));
    });
    req.on('error', () => resolve({ status: 0, outcome: 'aborted', bytes: 0 }));
  });
}

test('a page that fails in the middle of streaming ends its compressed response instead of hanging', async ({ baseURL }) => {
  test.setTimeout(240_000);
  for (const encoding of ['br', 'gzip', 'identity']) {
    const result = await fetchRaw(`${baseURL}/test-only/fail-midway`, encoding);
    expect(result.outcome, `${encoding}: the response must end`).not.toBe('hung');
  }
});
