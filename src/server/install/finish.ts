import { getDatabase } from '@/server/db/client';
import { completeInstall, requireStep } from '@/server/install/wizard';
import { keepOperatorChoices } from '@/server/install/operator';

/** Step 5: loads the demo shop when asked (keeping the operator's name, logo, colours and currency), then completes the install. */
export async function finishInstall(input: { demo: boolean }): Promise<{ demo: boolean }> {
  requireStep('demo');
  const database = getDatabase()!;
  if (input.demo) {
    const { seedDemoIfEmpty } = await import('@/server/demo');
    await database.withLock('voltmart:seed', () => seedDemoIfEmpty(database.db));
    await keepOperatorChoices();
  }
  await completeInstall();
  return { demo: input.demo };
}
