import { describe, expect, it } from 'vitest';
import { TEST_DB, useTestDatabase } from '../setup/db';
import { memoFor } from '@/server/core/memo';
import { announceChange, invalidationState, listenForChanges } from '@/server/core/invalidation';
import { openDatabase } from '@/server/db/client';

/**
 * Cross-process cache invalidation (issue 18): a change announced by one process empties every
 * process's caches. On PostgreSQL the notice travels by NOTIFY to a second connection listening as
 * another process would; on the embedded database (one process) only this process's caches exist.
 */
const shop = useTestDatabase();
let loads = 0;
const memo = memoFor(60_000, async () => ++loads);

describe(`announcing a change (${TEST_DB})`, () => {
  it('empties this process’s caches at once', async () => {
    const first = await memo.get();
    expect(await memo.get()).toBe(first);
    await announceChange('test');
    expect(await memo.get()).toBe(first + 1);
  });

  if (TEST_DB === 'postgres')
    it('reaches another process through NOTIFY, which empties its caches', async () => {
      const { url } = shop.current();
      // "Another process": its own connections to the same database, listening as a server does.
      const listener = await openDatabase({ url, pool: 2 });
      const unlisten = await listenForChanges(listener);
      await expect.poll(() => invalidationState().shared).toBe('listening');
      const sender = await openDatabase({ url, pool: 1 });
      const cached = await memo.get();
      const heard = invalidationState().received;
      await sender.notify!('voltmart_caches', 'catalog');
      await expect.poll(() => invalidationState().received, { timeout: 30_000 }).toBeGreaterThan(heard);
      expect(await memo.get()).toBe(cached + 1);
      await unlisten();
      await sender.close();
      await listener.close();
    });
  else
    it('has no other process to tell', () => {
      expect(invalidationState().shared).toBe('one process');
    });
});
