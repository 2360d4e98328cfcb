import { describe, expect, it } from 'vitest';
import { clearMemos, keyedMemo, memoFor } from '@/server/core/memo';

describe('memoFor', () => {
  it('reuses a value within its TTL, loads again after it and after clearMemos', async () => {
    let clock = 0;
    let loads = 0;
    const memo = memoFor(
      1000,
      async () => ++loads,
      () => clock,
    );
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

describe('keyedMemo', () => {
  it('keeps each key for the TTL, forgets failures, starts over when full, and clearMemos empties it', async () => {
    const memo = keyedMemo<number>(1000, 2);
    let loads = 0;
    const load = (v: number) => () => {
      loads++;
      return Promise.resolve(v);
    };
    expect(await memo.get('a', 0, load(1))).toBe(1);
    expect(await memo.get('a', 999, load(2))).toBe(1);
    expect(await memo.get('a', 1000, load(3))).toBe(3);
    expect(loads).toBe(2);
    await expect(memo.get('b', 0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('b', 1, load(4))).toBe(4);
    expect(await memo.get('c', 1, load(5))).toBe(5); // a third key: the full table started over
    expect(await memo.get('a', 1001, load(6))).toBe(6);
    clearMemos();
    expect(await memo.get('c', 2, load(7))).toBe(7);
  });
});
