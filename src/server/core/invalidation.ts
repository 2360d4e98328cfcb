import { clearMemos } from '@/server/core/memo';
import { getDatabase, type Database } from '@/server/db/client';
import { log } from '@/server/core/logger.mjs';

/**
 * Cross-process cache invalidation. Each process caches settings, the category tree, listing counts
 * and guests' pages for a few seconds (core/memo.ts, web/page-cache.ts). A change that must show at
 * once (settings, the catalogue) calls announceChange(): this process forgets its caches and, on
 * PostgreSQL, a NOTIFY on `voltmart_caches` tells every other process of the shop (servers and
 * `npm run shop` commands alike) to forget theirs. If the listening connection is lost, the caches'
 * TTLs (at most 15 s) still bound how stale a page can be; when it is back, caches are emptied once
 * more in case a notice was missed meanwhile. See README "Several processes".
 */
const CHANNEL = 'voltmart_caches';

const state = { listening: false, received: 0 };

/** Whether this process hears other processes' changes, and how many it has heard (shown by /readyz). */
export function invalidationState(): { shared: 'listening' | 'not listening' | 'one process'; received: number } {
  const database = getDatabase();
  return {
    shared: database?.kind === 'pglite' ? 'one process' : state.listening ? 'listening' : 'not listening',
    received: state.received,
  };
}

/** Forgets this process's caches and tells every other process of the shop to forget theirs. */
export async function announceChange(what: string, database: Database | undefined = getDatabase()): Promise<void> {
  clearMemos();
  await tellOthers(database, what);
}

/** A notice that empties only the caches of one topic (core/memo.ts `registerCache(cache, topic)`). */
const NARROW = 'only:';

/** Like announceChange, for a change that concerns one topic's caches alone (`sessions`: a sign-out). */
export async function announceNarrowChange(topic: string, database: Database | undefined = getDatabase()): Promise<void> {
  clearMemos(topic);
  await tellOthers(database, NARROW + topic);
}

async function tellOthers(database: Database | undefined, what: string): Promise<void> {
  if (!database?.notify) return;
  try {
    await database.notify(CHANNEL, what);
  } catch (err) {
    // The change itself is stored; other processes see it within their caches' TTL.
    log.warn({ err, what }, 'caches: could not notify other processes; they catch up within their TTL');
  }
}

/** Starts listening for other processes' changes (PostgreSQL); returns how to stop. */
export async function listenForChanges(database: Database): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  let first = true;
  const unlisten = await database.listen(
    CHANNEL,
    (what) => {
      state.received++;
      clearMemos(what.startsWith(NARROW) ? what.slice(NARROW.length) : undefined);
      log.debug({ what }, 'caches: emptied on another process’s change');
    },
    () => {
      state.listening = true;
      // Listening again after a lost connection: a notice may have been missed meanwhile.
      if (!first) clearMemos();
      first = false;
    },
  );
  return async () => {
    state.listening = false;
    await unlisten();
  };
}
