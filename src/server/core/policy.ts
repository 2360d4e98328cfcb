import { AppError } from '@/server/core/errors';
import type { Actor, SessionUser } from '@/server/core/actor';

/**
 * The one permission policy (DESIGN.md "Back office"). Permissions are `verb:entity`; a role grants each one
 * `any` (every store) or `own` (the stores a seller belongs to). `must` decides an access and hands the caller
 * the scope it may touch; `can` answers menus and buttons. Nothing else decides access.
 */
export const ROLES = ['owner', 'staff', 'seller'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  // Every signed-in person: their own account, cart and orders (the storefront's account area).
  'use:account',
  'enter:admin',
  'enter:seller',
  'read:order',
  'update:order',
  'refund:order',
  'read:customer',
  'read:product',
  'update:product',
  // Taxonomy and merchandising (issue 33): categories, brands, collections, flash sales, bundle deals: the
  // whole shop's, so the operator's alone (a seller's `update:product` is scoped to their store).
  'update:catalog',
  'approve:seller',
  'update:content',
  'update:setting',
  'read:report',
  'read:mail',
  'read:audit',
  'manage:staff',
  // Seller money (issue 35): a store's ledger and balance; recording payouts and setting commission rates.
  'read:ledger',
  'update:ledger',
  // The seller panel (issue 35): a store's vouchers, its replies to reviews, its team.
  'update:voucher',
  'reply:review',
  'manage:team',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What the owner may grant a staff member: all but the account's own, the areas' doors and staff management. */
const NEVER_GRANTED: readonly Permission[] = ['use:account', 'enter:admin', 'enter:seller', 'manage:staff', 'manage:team'];
export const GRANTABLE: readonly Permission[] = PERMISSIONS.filter((p) => !NEVER_GRANTED.includes(p));

/** A permission that implies another: who may change orders may read them. */
const IMPLIES: Partial<Record<Permission, Permission>> = {
  'update:order': 'read:order',
  'refund:order': 'read:order',
  'update:product': 'read:product',
  'update:ledger': 'read:ledger',
};

type Grant = 'any' | 'own';

/** The fixed grants of each role; staff's come from what the owner granted (`user.permissions`). */
const ROLE_GRANTS: Record<Exclude<Role, 'staff'>, Partial<Record<Permission, Grant>>> = {
  owner: Object.fromEntries(PERMISSIONS.map((p) => [p, 'any'])),
  seller: {
    'enter:seller': 'own',
    'read:order': 'own',
    'update:order': 'own',
    'read:product': 'own',
    'update:product': 'own',
    'read:report': 'own',
    'read:ledger': 'own',
    'update:voucher': 'own',
    'reply:review': 'own',
    'manage:team': 'own',
  },
};

/**
 * What a store's invited member may do (`store_members.role`), kept in their account's `permissions`: a seller
 * account with none is the store's owner (every seller grant); one with some holds only those (and the door).
 */
export const SELLER_MEMBER_PERMISSIONS = {
  orders: ['read:order', 'update:order'],
  store: ['read:order', 'update:order', 'read:product', 'update:product', 'read:report', 'update:voucher', 'reply:review', 'read:ledger'],
} as const satisfies Record<string, readonly Permission[]>;
export type SellerMemberRole = keyof typeof SELLER_MEMBER_PERMISSIONS;

/** The grant a user holds for a permission: the widest of their roles', or null. */
export function grantOf(user: Pick<SessionUser, 'roles' | 'permissions'> | null, permission: Permission): Grant | null {
  if (!user) return null;
  if (permission === 'use:account') return 'any';
  let best: Grant | null = null;
  for (const role of user.roles) {
    const grant =
      role === 'staff'
        ? staffGrant(user.permissions, permission)
        : role === 'seller'
          ? sellerGrant(user.permissions, permission)
          : ROLE_GRANTS[role]?.[permission];
    if (grant === 'any') return 'any';
    if (grant === 'own') best = 'own';
  }
  return best;
}

function staffGrant(granted: readonly string[], permission: Permission): Grant | null {
  if (permission === 'enter:admin') return 'any';
  if (!GRANTABLE.includes(permission)) return null;
  const held = (p: string) => granted.includes(p) && GRANTABLE.includes(p as Permission);
  if (held(permission)) return 'any';
  return Object.entries(IMPLIES).some(([from, to]) => to === permission && held(from)) ? 'any' : null;
}

/** A seller's grant: the store owner's (no permissions listed) or only what an invited member was given. */
function sellerGrant(granted: readonly string[], permission: Permission): Grant | null {
  const grant = ROLE_GRANTS.seller[permission] ?? null;
  if (!grant || !granted.length || permission === 'enter:seller') return grant;
  if (granted.includes(permission)) return grant;
  return Object.entries(IMPLIES).some(([from, to]) => to === permission && granted.includes(from)) ? grant : null;
}

/** What a caller may touch: every store, or only these stores (a seller's). */
export type Scope = { kind: 'any' } | { kind: 'own'; storeIds: readonly number[] };

/** The caller's stores, read once per request when an `own` grant needs them (web/request-context.ts). */
export type StoresOf = (userId: number) => Promise<readonly number[]>;

/**
 * Decides an access: a guest gets 401, a user without the permission 403; otherwise the scope to put in the
 * service's WHERE. An object outside the scope must answer 404 (`inScope`), as if it did not exist.
 */
export async function must(actor: Pick<Actor, 'user'>, permission: Permission, storesOf: StoresOf): Promise<Scope> {
  if (!actor.user) throw new AppError({ code: 'UNAUTHENTICATED', message: 'errors.signIn' });
  const grant = grantOf(actor.user, permission);
  if (!grant) throw forbidden();
  return grant === 'any' ? { kind: 'any' } : { kind: 'own', storeIds: await storesOf(actor.user.id) };
}

/**
 * The storefront's check, through the same policy: the signed-in user (who holds `use:account` on their own
 * account, cart and orders), or the 401 every client understands. `requireUser`, the account pages' guard and
 * actions with `auth: 'user'` all ask this.
 */
export function accountHolder<U extends Pick<SessionUser, 'roles' | 'permissions'>>(user: U | null): U {
  if (!user || !grantOf(user, 'use:account')) throw new AppError({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
  return user;
}

/** For menus and buttons: whether the user holds the permission at all. */
export const can = (user: Pick<SessionUser, 'roles' | 'permissions'> | null, permission: Permission): boolean =>
  grantOf(user, permission) !== null;

/** Whether an object of this store is inside the scope. */
export const inScope = (scope: Scope, storeId: number | null): boolean =>
  scope.kind === 'any' || (storeId !== null && scope.storeIds.includes(storeId));

/** The store ids a query must keep to, or null for every store. */
export const storeIdsOf = (scope: Scope): readonly number[] | null => (scope.kind === 'any' ? null : scope.storeIds);

export const forbidden = () => new AppError({ code: 'FORBIDDEN', message: 'errors.forbidden' });

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);
export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Whether a user holds any back-office role (their sessions end after 12 hours idle). */
export const holdsRole = (user: Pick<SessionUser, 'roles'> | null): boolean => Boolean(user?.roles.length);
