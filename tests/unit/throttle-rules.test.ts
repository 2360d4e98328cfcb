import { describe, expect, it } from 'vitest';
import { describeWait, throttled } from '@/server/core/throttle';
import { AppError } from '@/server/core/errors';

/** How a throttled request is told when to come back (the counters themselves: tests/integration/throttle-rules.test.ts). */
describe('describeWait', () => {
  it('says seconds under a minute and whole minutes (rounded up) from one minute on', () => {
    expect([1, 2, 30, 59].map(describeWait)).toEqual(['1 second', '2 seconds', '30 seconds', '59 seconds']);
    expect([60, 61, 119, 120, 900].map(describeWait)).toEqual(['1 minute', '2 minutes', '2 minutes', '2 minutes', '15 minutes']);
  });
});

describe('throttled', () => {
  it('is a 429 THROTTLED error that says when to try again, in words, the header and the details', () => {
    const err = throttled('Too many sign-in attempts.', 61);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'THROTTLED',
      httpStatus: 429,
      message: 'Too many sign-in attempts. Please try again in 2 minutes.',
      headers: { 'retry-after': '61' },
      details: { retry_after: 61 },
    });
  });

  it('says what to do instead when given', () => {
    expect(throttled('Too many codes were sent.', 30, 'Use the last code we sent.').message).toBe(
      'Too many codes were sent. Use the last code we sent.',
    );
  });
});
