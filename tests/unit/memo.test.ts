import { describe, expect, it } from 'vitest';
import { clearMemos, memoFor } from '../../src/server/cache/memo';

describe('memoFor', () => {
  it('reuses a value within its TTL, loads again after it and after clearMemos', async () => {
    let clock = 0;
    let loads = 0;
    const memo = memoFor(1000, async () => ++loads, () => clock);
    expect(await memo.get()).toBe(1);
    clock = 999;
    expect(await memo.get()).toBe(1);
    clock = 1000;
    expect(await memo.get()).toBe(2);
    clearMemos();
    expect(await memo.get()).toBe(3);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const memo = memoFor(60_000, async () => {
      if (fail) throw new Error('down');
      return 'up';
    });
    await expect(memo.get()).rejects.toThrow('down');
    fail = false;
    expect(await memo.get()).toBe('up');
  });
});
