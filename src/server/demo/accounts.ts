import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { storeMembers, stores, users } from '@/server/db/schema';
import { hashPassword } from '@/server/auth/passwords';
import { STORES } from '@/server/demo/data/taxonomy';
import type { Permission } from '@/server/core/policy';

/** The demo's back-office accounts (DESIGN.md "Back office"): SEED=demo only, never in a wizard-installed shop. */
export const DEMO_PASSWORD = 'voltmart-demo';
export const DEMO_OWNER = 'owner@voltmart.test';
export const DEMO_STAFF = 'staff@voltmart.test';
/** The demo staff member works on orders only. */
export const DEMO_STAFF_PERMISSIONS: Permission[] = ['read:order', 'update:order', 'refund:order'];
export const demoSellerEmail = (storeSlug: string) => `seller+${storeSlug}@voltmart.test`;

export interface DemoAccount {
  email: string;
  role: string;
  what: string;
}

/**
 * Adds the demo's owner, staff member and one seller per demo store when the demo shop is there and they are
 * not (a demo data folder from before the back office gets them at its next start too). Returns the accounts
 * it made (none when they existed).
 */
export async function ensureDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const slugs = STORES.map((s) => s.slug);
  const demoStores = await db
    .select({ id: stores.id, slug: stores.slug, name: stores.name })
    .from(stores)
    .where(inArray(stores.slug, slugs));
  if (!demoStores.length) return [];
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, DEMO_OWNER));
  if (owner) return [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verified = new Date();
  const made: DemoAccount[] = [];
  await db.transaction(async (tx) => {
    await tx.insert(users).values([
      { name: 'Olivia Owner', email: DEMO_OWNER, passwordHash, emailVerifiedAt: verified, roles: ['owner'] },
      {
        name: 'Sam Staff',
        email: DEMO_STAFF,
        passwordHash,
        emailVerifiedAt: verified,
        roles: ['staff'],
        permissions: DEMO_STAFF_PERMISSIONS,
      },
    ]);
    made.push({ email: DEMO_OWNER, role: 'owner', what: 'everything' }, { email: DEMO_STAFF, role: 'staff', what: 'orders only' });
    for (const store of demoStores) {
      const email = demoSellerEmail(store.slug);
      const [seller] = await tx
        .insert(users)
        .values({ name: `${store.name} seller`, email, passwordHash, emailVerifiedAt: verified, roles: ['seller'] })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!seller) continue;
      await tx.insert(storeMembers).values({ storeId: store.id, userId: seller.id });
      made.push({ email, role: 'seller', what: store.name });
    }
  });
  return made;
}

/** The accounts as the console shows them at the demo's first start. */
export const describeDemoAccounts = (accounts: DemoAccount[]) =>
  [
    '',
    `  Back office: /admin (operator) and /seller (sellers). Demo accounts, password "${DEMO_PASSWORD}":`,
    ...accounts.map((a) => `    ${a.email.padEnd(40)} ${a.role.padEnd(7)} ${a.what}`),
    '',
  ].join('\n');
