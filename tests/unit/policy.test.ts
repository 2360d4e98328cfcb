import { describe, expect, it } from 'vitest';
import {
  accountHolder,
  can,
  forbidden,
  grantOf,
  GRANTABLE,
  holdsRole,
  inScope,
  isPermission,
  isRole,
  must,
  PERMISSIONS,
  SELLER_MEMBER_PERMISSIONS,
  storeIdsOf,
  type Permission,
} from '@/server/core/policy';
import type { SessionUser } from '@/server/core/actor';

const user = (roles: SessionUser['roles'], permissions: string[] = []): SessionUser => ({
  id: 9,
  name: 'A',
  email: 'a@x.io',
  roles,
  permissions,
  twoFactor: false,
});
const stores = async () => [3, 5];

/** The whole grant table, written out: a change to the policy shows here as a changed row. */
const SELLER_OWN: Permission[] = [
  'enter:seller',
  'read:order',
  'update:order',
  'read:product',
  'update:product',
  'read:report',
  'update:voucher',
  'reply:review',
  'manage:team',
  'read:ledger',
];

describe('the permission policy (core/policy.ts)', () => {
  it('an owner holds every permission for every store', () => {
    for (const p of PERMISSIONS) expect(grantOf(user(['owner']), p), p).toBe('any');
  });

  it('a shopper holds only their own account', () => {
    for (const p of PERMISSIONS) expect(grantOf(user([]), p), p).toBe(p === 'use:account' ? 'any' : null);
    for (const p of PERMISSIONS) expect(grantOf(null, p), p).toBeNull();
  });

  it('a seller holds exactly the seller permissions, for their own stores only', () => {
    for (const p of PERMISSIONS)
      expect(grantOf(user(['seller']), p), p).toBe(p === 'use:account' ? 'any' : SELLER_OWN.includes(p) ? 'own' : null);
  });

  it('a store’s invited member holds only their role’s seller permissions (own stores), never the team', () => {
    const orders = user(['seller'], [...SELLER_MEMBER_PERMISSIONS.orders]);
    for (const p of PERMISSIONS)
      expect(grantOf(orders, p), p).toBe(
        p === 'use:account' ? 'any' : ['enter:seller', 'read:order', 'update:order'].includes(p) ? 'own' : null,
      );
    const store = user(['seller'], [...SELLER_MEMBER_PERMISSIONS.store]);
    for (const p of PERMISSIONS)
      expect(grantOf(store, p), p).toBe(p === 'use:account' ? 'any' : SELLER_OWN.includes(p) && p !== 'manage:team' ? 'own' : null);
    // A member's list never reaches beyond the seller's grants.
    expect(grantOf(user(['seller'], ['approve:seller']), 'approve:seller')).toBeNull();
    expect(GRANTABLE).not.toContain('manage:team');
  });

  it('staff enter the back office and hold what was granted (and what it implies), never staff management', () => {
    const bare = user(['staff']);
    for (const p of PERMISSIONS) expect(grantOf(bare, p), p).toBe(p === 'use:account' || p === 'enter:admin' ? 'any' : null);
    const orders = user(['staff'], ['update:order', 'refund:order']);
    expect(grantOf(orders, 'read:order')).toBe('any');
    expect(grantOf(orders, 'update:order')).toBe('any');
    expect(grantOf(orders, 'read:product')).toBeNull();
    expect(grantOf(user(['staff'], ['update:product']), 'read:product')).toBe('any');
    // A stored permission that is not grantable grants nothing (the owner's list is fixed).
    expect(grantOf(user(['staff'], ['manage:staff', 'enter:seller']), 'manage:staff')).toBeNull();
    expect(grantOf(user(['staff'], ['manage:staff', 'enter:seller']), 'enter:seller')).toBeNull();
    for (const p of GRANTABLE) expect(grantOf(user(['staff'], [p]), p), p).toBe('any');
    expect(GRANTABLE).not.toContain('manage:staff');
  });

  it('the widest grant of several roles wins', () => {
    expect(grantOf(user(['seller', 'staff'], ['read:order']), 'read:order')).toBe('any');
    expect(grantOf(user(['staff', 'seller']), 'update:product')).toBe('own');
    expect(grantOf(user(['seller', 'owner']), 'update:product')).toBe('any');
  });

  it('must: 401 for a guest, 403 without the permission, else the scope with the seller’s stores', async () => {
    await expect(must({ user: null }, 'read:order', stores)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', httpStatus: 401 });
    await expect(must({ user: user([]) }, 'read:order', stores)).rejects.toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
    await expect(must({ user: user(['staff']) }, 'read:order', stores)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await must({ user: user(['owner']) }, 'read:order', stores)).toEqual({ kind: 'any' });
    expect(await must({ user: user(['seller']) }, 'read:order', stores)).toEqual({ kind: 'own', storeIds: [3, 5] });
  });

  it('scopes: an object of another store is outside; `any` is every store', () => {
    const own = { kind: 'own' as const, storeIds: [3, 5] };
    expect(inScope(own, 3)).toBe(true);
    expect(inScope(own, 4)).toBe(false);
    expect(inScope(own, null)).toBe(false);
    expect(inScope({ kind: 'any' }, 4)).toBe(true);
    expect(storeIdsOf(own)).toEqual([3, 5]);
    expect(storeIdsOf({ kind: 'any' })).toBeNull();
  });

  it('can: for menus, whether the permission is held at all', () => {
    expect(can(user(['seller']), 'read:order')).toBe(true);
    expect(can(user(['seller']), 'enter:admin')).toBe(false);
    expect(can(null, 'enter:admin')).toBe(false);
  });

  it('names each refusal: the sign-in and forbidden messages (keys), the account holder’s sentence', async () => {
    const NOT_ALLOWED = 'You are not allowed to do this. Ask the shop’s owner for access.';
    await expect(must({ user: null }, 'read:order', stores)).rejects.toMatchObject({
      message: 'Please sign in to continue.',
      init: { message: 'errors.signIn' },
    });
    await expect(must({ user: user([]) }, 'read:order', stores)).rejects.toMatchObject({
      message: NOT_ALLOWED,
      init: { message: 'errors.forbidden' },
    });
    expect(forbidden()).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403, message: NOT_ALLOWED });
    expect(() => accountHolder(null)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' }));
    const shopper = user([]);
    expect(accountHolder(shopper)).toBe(shopper);
    // The seller's stores are read only for an `own` grant.
    let asked = 0;
    const counted = async () => {
      asked++;
      return [7];
    };
    await must({ user: user(['owner']) }, 'read:order', counted);
    expect(asked).toBe(0);
    expect(await must({ user: user(['seller']) }, 'update:product', counted)).toEqual({ kind: 'own', storeIds: [7] });
    expect(asked).toBe(1);
  });

  it('every implication, and only for a granted source: refunds and updates read orders, product updates read products', () => {
    expect(grantOf(user(['staff'], ['refund:order']), 'read:order')).toBe('any');
    expect(grantOf(user(['staff'], ['update:order']), 'read:order')).toBe('any');
    expect(grantOf(user(['staff'], ['refund:order']), 'update:order')).toBeNull();
    expect(grantOf(user(['staff'], ['read:order']), 'update:order')).toBeNull();
    expect(grantOf(user(['staff'], ['read:product']), 'update:product')).toBeNull();
    // A stored string that is not a grantable permission implies nothing either.
    expect(grantOf(user(['staff'], ['update:order ']), 'read:order')).toBeNull();
  });

  it('a role the policy does not know (an old or mistyped row) grants nothing, beside the account', () => {
    const odd = user(['admin' as SessionUser['roles'][number]]);
    for (const p of PERMISSIONS) expect(grantOf(odd, p), p).toBe(p === 'use:account' ? 'any' : null);
    expect(grantOf(user(['admin' as SessionUser['roles'][number], 'seller']), 'read:order')).toBe('own');
  });

  it('tells permissions, roles and back-office holders apart', () => {
    for (const p of PERMISSIONS) expect(isPermission(p), p).toBe(true);
    for (const bad of ['', 'read', 'read:orders', 'READ:ORDER', 'owner']) expect(isPermission(bad), bad).toBe(false);
    for (const r of ['owner', 'staff', 'seller']) expect(isRole(r), r).toBe(true);
    for (const bad of ['', 'admin', 'Owner', 'read:order']) expect(isRole(bad), bad).toBe(false);
    expect(holdsRole(null)).toBe(false);
    expect(holdsRole(user([]))).toBe(false);
    expect(holdsRole(user(['seller']))).toBe(true);
    expect(GRANTABLE).toEqual(
      PERMISSIONS.filter((p) => !['use:account', 'enter:admin', 'enter:seller', 'manage:staff', 'manage:team'].includes(p)),
    );
  });
});
