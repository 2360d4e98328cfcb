import { z } from 'zod';
import { defineAction } from '@/server/core/action';
import { signedInUser } from '@/server/core/actor';
import { idParam } from '@/server/core/validation';
import { changePassword as changeUserPassword, deleteAccount as deleteUserAccount } from '@/server/account/account';
import { deleteAddress as removeAddress, saveAddress as storeAddress, setDefaultAddress } from '@/server/account/addresses';
import { deleteCard } from '@/server/account/cards';
import { setFollowing } from '@/server/account/following';
import { removeAvatar as dropAvatar, updateProfile as saveProfile } from '@/server/account/profile';
import { fileOf } from '@/server/uploads/images';
import { AddressSchema, DeleteAccountSchema, FollowSchema, PasswordChangeSchema, ProfileSchema } from '@/lib/schemas/account';

/** Every change a signed-in person makes to their account, declared once (served by src/server/web/actions.ts). */

const WithId = z.object({ id: z.unknown() });

export const updateProfile = defineAction({
  name: 'account.profile',
  input: ProfileSchema.extend({ avatar: z.unknown().optional() }),
  auth: 'user',
  upload: true,
  run: ({ avatar, ...input }, actor) => saveProfile(signedInUser(actor).id, input, fileOf(avatar)),
  message: 'account.profileSaved',
});

export const removeAvatar = defineAction({
  name: 'account.remove-avatar',
  input: z.object({}),
  auth: 'user',
  run: (_input, actor) => dropAvatar(signedInUser(actor).id),
  message: 'account.avatarRemoved',
  data: () => null,
});

export const changePassword = defineAction({
  name: 'account.password',
  input: PasswordChangeSchema,
  auth: 'user',
  run: (input, actor) => changeUserPassword(signedInUser(actor).id, input, actor.sessionHash),
  message: 'account.passwordChanged',
  data: () => null,
});

export const removeCard = defineAction({
  name: 'account.remove-card',
  input: WithId,
  auth: 'user',
  run: ({ id }, actor) => deleteCard(signedInUser(actor).id, idParam(id, 'theCard')),
  message: 'account.cardRemoved',
  data: () => null,
});

export const deleteAccount = defineAction({
  name: 'account.delete',
  input: DeleteAccountSchema,
  auth: 'user',
  run: (input, actor) => deleteUserAccount(signedInUser(actor).id, input),
  message: 'account.deleted',
  data: () => null,
  back: '/',
  session: () => 'close',
});

/** Creates an address, or updates one (`id`, from the path or `?id=` of billing_address); its kind stays on update. */
export const saveAddress = defineAction({
  name: 'account.address',
  input: AddressSchema.extend({ id: z.unknown().optional() }),
  auth: 'user',
  run: async ({ id, ...input }, actor) =>
    storeAddress(signedInUser(actor).id, input, id === undefined ? undefined : idParam(id, 'theAddress')),
  // The spec's 'Address added successfully' / 'Address updated successfully'.
  message: ({ created }, t) => t('filter.addSucc', { type: created ? 'added' : 'updated' }),
  data: ({ address }) => address,
  // /shipping adds an address in place and wants the shopper back there.
  back: (_r, _input, body) => (body._next === '/shipping' ? '/shipping' : '/user/addresses'),
});

export const makeDefaultAddress = defineAction({
  name: 'account.address-default',
  input: WithId,
  auth: 'user',
  run: ({ id }, actor) => setDefaultAddress(signedInUser(actor).id, idParam(id, 'theAddress')),
  message: 'account.defaultSaved',
  back: '/user/addresses',
});

export const deleteAddress = defineAction({
  name: 'account.address-delete',
  input: WithId,
  auth: 'user',
  run: ({ id }, actor) => removeAddress(signedInUser(actor).id, idParam(id, 'theAddress')),
  message: 'account.addressDeleted',
  data: () => null,
  back: '/user/addresses',
});

/** `{store_id, follow?}`: follows or unfollows (toggles without `follow`); answers `data {following, followers}`. */
export const followStore = defineAction({
  name: 'account.follow',
  input: FollowSchema,
  auth: 'user',
  run: ({ store_id, follow }, actor) => setFollowing(signedInUser(actor).id, store_id, follow),
  message: ({ following }, t) => t(following ? 'account.followed' : 'account.unfollowed'),
});
