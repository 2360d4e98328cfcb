import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { InviteStaffSchema, RequireTwoFactorSchema, StaffIdSchema, StaffQuerySchema, UpdateStaffSchema } from '@/lib/schemas/backoffice';
import {
  getStaffMember,
  inviteStaff as invite,
  listStaff,
  resetStaffTwoFactor,
  revokeStaff as revoke,
  setStaffActive,
  updateStaffPermissions,
} from '@/server/staff/manage';
import { setRequireTwoFactor } from '@/server/staff/rules';

/** The owner's staff screen (`/admin/staff`, `api/v1/admin/staff`): who may do what in the back office. */

export const staffList = defineQuery({
  name: 'staff.list',
  input: StaffQuerySchema,
  auth: { can: 'manage:staff' },
  run: (input) => listStaff(input),
});

export const staffMember = defineQuery({
  name: 'staff.one',
  input: StaffIdSchema,
  auth: { can: 'manage:staff' },
  run: ({ id }) => getStaffMember(id),
});

export const inviteStaff = defineAction({
  name: 'staff.invite',
  input: InviteStaffSchema,
  auth: { can: 'manage:staff' },
  invalidates: ['sessions'],
  run: invite,
  message: 'backoffice.staff.invited',
  back: (member) => `/admin/staff/${member.id}`,
});

export const updateStaff = defineAction({
  name: 'staff.permissions',
  input: UpdateStaffSchema,
  auth: { can: 'manage:staff' },
  // The member's next request, on every process, is judged with the new permissions.
  invalidates: ['sessions'],
  run: updateStaffPermissions,
  message: 'backoffice.staff.saved',
});

export const disableStaff = defineAction({
  name: 'staff.disable',
  input: StaffIdSchema,
  auth: { can: 'manage:staff' },
  invalidates: ['sessions'],
  run: (input, actor, access) => setStaffActive(input, false, actor, access),
  message: 'backoffice.staff.disabled',
});

export const enableStaff = defineAction({
  name: 'staff.enable',
  input: StaffIdSchema,
  auth: { can: 'manage:staff' },
  invalidates: ['sessions'],
  run: (input, actor, access) => setStaffActive(input, true, actor, access),
  message: 'backoffice.staff.enabled',
});

export const revokeStaff = defineAction({
  name: 'staff.revoke',
  input: StaffIdSchema,
  auth: { can: 'manage:staff' },
  invalidates: ['sessions'],
  run: revoke,
  message: 'backoffice.staff.revoked',
  back: '/admin/staff',
});

export const resetTwoFactor = defineAction({
  name: 'staff.reset-two-factor',
  input: StaffIdSchema,
  auth: { can: 'manage:staff' },
  invalidates: ['sessions'],
  run: resetStaffTwoFactor,
  message: 'backoffice.staff.twoFactorReset',
});

export const requireTwoFactor = defineAction({
  name: 'staff.require-two-factor',
  input: RequireTwoFactorSchema,
  auth: { can: 'manage:staff' },
  invalidates: ['settings'],
  run: setRequireTwoFactor,
  message: 'backoffice.staff.ruleSaved',
});
