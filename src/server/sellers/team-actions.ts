import { z } from 'zod';
import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { InviteMemberSchema, MemberIdSchema, MemberRoleSchema } from '@/lib/schemas/team';
import { changeMemberRole, getTeamMember, inviteMember, listTeam, removeMember } from '@/server/sellers/team';

/** The store's team (`GET api/v1/seller/team`). */
export const teamList = defineQuery({
  name: 'team.list',
  input: z.object({}),
  auth: { can: 'manage:team' },
  run: (_input, _actor, scope) => listTeam(scope),
});

/** One member of the store's team (`GET api/v1/seller/team/{id}`); another store's is 404. */
export const teamOne = defineQuery({
  name: 'team.one',
  input: MemberIdSchema,
  auth: { can: 'manage:team' },
  run: ({ id }, _actor, scope) => getTeamMember(id, scope),
});

/** Invites someone to the store (`POST api/v1/seller/team {name, email, role}`). */
export const inviteMemberAction = defineAction({
  name: 'team.invite',
  input: InviteMemberSchema,
  auth: { can: 'manage:team' },
  invalidates: ['sessions'],
  run: (input, actor, access) => inviteMember(input, actor, access),
  message: 'backoffice.team.invited',
});

/** Changes a member's role (`POST api/v1/seller/team/{id} {role}`). */
export const memberRoleAction = defineAction({
  name: 'team.role',
  input: MemberRoleSchema,
  auth: { can: 'manage:team' },
  invalidates: ['sessions'],
  run: (input, actor, access) => changeMemberRole(input, actor, access),
  message: 'backoffice.team.roleChanged',
});

/** Removes a member from the store (`POST api/v1/seller/team/{id}/remove`). */
export const removeMemberAction = defineAction({
  name: 'team.remove',
  input: MemberIdSchema,
  auth: { can: 'manage:team' },
  invalidates: ['sessions'],
  run: (input, actor, access) => removeMember(input, actor, access),
  message: 'backoffice.team.removed',
  back: '/seller/team',
});
