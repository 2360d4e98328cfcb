import type { Access, ActionDef } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { AppError } from '@/server/core/errors';
import { must, type StoresOf } from '@/server/core/policy';
import { writeAudit } from '@/server/core/audit';
import { announceChange, announceNarrowChange } from '@/server/core/invalidation';
import { getDb } from '@/server/db/client';

/** Storefront actions get no back-office access; touching it is a programming error. */
const NO_ACCESS = new Proxy({} as Access, {
  get() {
    throw new Error('this action declares no permission, so it has no back-office access (scope, tx, audit)');
  },
});

/**
 * Runs a declared action for an actor: the one place that asks the policy. An action with `auth: { can }`
 * runs in one transaction with exactly one audit entry (a failed action writes none); after the commit, the
 * caches it names are announced on every process. Other actions run as declared (their auth is the runner's).
 */
export async function performAction<I, R>(action: ActionDef<never, R>, input: I, actor: Actor, storesOf: StoresOf): Promise<R> {
  const run = action.run as (input: I, actor: Actor, access: Access) => Promise<R>;
  if (typeof action.auth !== 'object') {
    const result = await run(input, actor, NO_ACCESS);
    await announce(action.invalidates);
    return result;
  }
  const scope = await must(actor, action.auth.can, storesOf);
  const result = await getDb().transaction(async (tx) => {
    const records: Parameters<Access['audit']>[0][] = [];
    const value = await run(input, actor, { scope, tx, audit: (record) => records.push(record) });
    if (records.length !== 1)
      throw new AppError({
        code: 'INTERNAL',
        message: `The action ${action.name} described ${records.length} changes; it must describe exactly one.`,
      });
    await writeAudit(tx, actor, action.name, records[0]!);
    return value;
  });
  await announce(action.invalidates);
  return result;
}

async function announce(topics: readonly string[] | undefined): Promise<void> {
  if (!topics?.length) return;
  const wide = topics.filter((t) => t !== 'sessions');
  if (wide.length) await announceChange(wide.join(','));
  if (topics.includes('sessions')) await announceNarrowChange('sessions');
}
