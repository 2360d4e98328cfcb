import { z } from 'zod';
import { emailField, recordId, requiredText } from '@/lib/schemas/fields';

/** What an invited member of a store may do: its orders only, or everything in the store but its team. */
export const MEMBER_ROLES = ['orders', 'store'] as const;
const role = z.enum(MEMBER_ROLES, { error: 'backoffice.team.errors.role' });

/** A seller invites someone to their store (`POST api/v1/seller/team {name, email, role}`). */
export const InviteMemberSchema = z.object({
  name: requiredText('Name', 120),
  email: emailField(),
  role,
  store_id: z.union([z.literal('').transform(() => undefined), recordId('Store')]).optional(),
});
export type InviteMemberInput = z.output<typeof InviteMemberSchema>;

export const MemberRoleSchema = z.object({ id: recordId('Team member'), role });
export const MemberIdSchema = z.object({ id: recordId('Team member') });
