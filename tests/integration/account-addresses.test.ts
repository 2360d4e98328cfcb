import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { addresses, savedCards } from '@/server/db/schema';
import { deleteAddress, getAddress, listAddresses, saveAddress, setDefaultAddress } from '@/server/account/addresses';
import { deleteCard, listCards } from '@/server/account/cards';
import { ALL as addressById } from '@/pages/api/v1/user/address/[id]';
import { ALL as updateAddress } from '@/pages/api/v1/user/address/action/[id]';
import { ALL as createAddress } from '@/pages/api/v1/user/address/action';
import { ALL as cardById } from '@/pages/api/v1/user/card/[id]';
import { ALL as cardsAll } from '@/pages/api/v1/user/card/all';
import { address, apiContext, makeUser, seedPlaces } from './account-fixtures';

useTestDatabase();
beforeAll(seedPlaces);

const defaults = async (userId: number, kind: 'shipping' | 'billing') =>
  (await listAddresses(userId, kind)).filter((a) => a.is_default).map((a) => a.id);

describe('address book', () => {
  it('creates, updates and deletes, keeping one default per kind', async () => {
    const user = await makeUser('book@example.com');
    const first = await saveAddress(user.id, address({ name: 'Home' }));
    expect(first).toMatchObject({ created: true, address: { name: 'Home', is_default: true, kind: 'shipping' } });
    const second = await saveAddress(user.id, address({ name: 'Office' }));
    expect(second.address.is_default).toBe(false);
    const billing = await saveAddress(user.id, address({ name: 'Billing', kind: 'billing' }));
    expect(billing.address.is_default).toBe(true);

    await setDefaultAddress(user.id, second.address.id);
    expect(await defaults(user.id, 'shipping')).toEqual([second.address.id]);
    expect(await defaults(user.id, 'billing')).toEqual([billing.address.id]);

    const updated = await saveAddress(user.id, address({ name: 'Home again', city: 'Albany', is_default: true }), first.address.id);
    expect(updated).toMatchObject({ created: false, address: { city: 'Albany', is_default: true } });
    expect(await defaults(user.id, 'shipping')).toEqual([first.address.id]);

    await deleteAddress(user.id, first.address.id);
    expect(await defaults(user.id, 'shipping')).toEqual([second.address.id]);
    expect((await listAddresses(user.id, 'shipping')).map((a) => a.name)).toEqual(['Office']);
  });

  it('checks the country and the state against the list', async () => {
    const user = await makeUser('places@example.com');
    await expect(saveAddress(user.id, address({ country: 'ZZ' }))).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Please choose a country from the list',
    });
    await expect(saveAddress(user.id, address({ state: '' }))).rejects.toMatchObject({ message: 'State is required' });
    await expect(saveAddress(user.id, address({ state: 'BDS' }))).rejects.toMatchObject({
      message: 'Please choose a state of the chosen country',
    });
    await expect(saveAddress(user.id, address({ country: 'SG', state: '' }))).resolves.toMatchObject({ created: true });
  });

  it('keeps exactly one default when many saves race (PostgreSQL runs them concurrently)', async () => {
    const user = await makeUser('race@example.com');
    // A new user's first addresses: each would be "the first", only one may become default.
    await Promise.all(Array.from({ length: 8 }, (_, i) => saveAddress(user.id, address({ name: `A${i}` }))));
    expect(await defaults(user.id, 'shipping')).toHaveLength(1);
    const all = await listAddresses(user.id, 'shipping');
    await Promise.all(all.map((a) => setDefaultAddress(user.id, a.id)));
    expect(await defaults(user.id, 'shipping')).toHaveLength(1);
    await Promise.all(Array.from({ length: 8 }, (_, i) => saveAddress(user.id, address({ name: `B${i}`, is_default: true }))));
    expect(await defaults(user.id, 'shipping')).toHaveLength(1);
  });

  it("never touches another user's address: NOT_FOUND and nothing changes", async () => {
    const owner = await makeUser('owner@example.com');
    const thief = await makeUser('thief@example.com');
    const { address: mine } = await saveAddress(owner.id, address({ name: 'Owner home' }));
    await expect(getAddress(thief.id, mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(saveAddress(thief.id, address({ name: 'Stolen' }), mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(setDefaultAddress(thief.id, mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(deleteAddress(thief.id, mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const asThief = { id: thief.id, name: 'Thief', email: 'thief@example.com' };
    const del = await addressById(
      apiContext({
        method: 'DELETE',
        url: `http://shop.test/api/v1/user/address/${mine.id}`,
        user: asThief,
        params: { id: String(mine.id) },
      }),
    );
    expect(del.status).toBe(404);
    expect(await del.json()).toMatchObject({ status: 404, data: { code: 'NOT_FOUND' } });
    const upd = await updateAddress(
      apiContext({
        method: 'POST',
        url: `http://shop.test/api/v1/user/address/action/${mine.id}`,
        user: asThief,
        params: { id: String(mine.id) },
        body: address({ name: 'Stolen' }),
      }),
    );
    expect(upd.status).toBe(404);
    expect(await getAddress(owner.id, mine.id)).toEqual(mine);
  });

  it('answers the spec envelope: data {id, …} and "Address added/updated successfully"; 401 for guests', async () => {
    const user = await makeUser('api@example.com');
    const me = { id: user.id, name: user.name, email: user.email };
    const res = await createAddress(
      apiContext({ method: 'POST', url: 'http://shop.test/api/v1/user/address/action', user: me, body: address() }),
    );
    const created = await res.json();
    expect(created).toMatchObject({
      status: 200,
      message: 'Address added successfully',
      data: { name: 'Grace Hopper', address_1: '1 Main St' },
    });
    expect(typeof created.data.id).toBe('number');
    const res2 = await updateAddress(
      apiContext({ method: 'POST', url: 'http://x/', user: me, params: { id: String(created.data.id) }, body: address({ zip: '10002' }) }),
    );
    expect(await res2.json()).toMatchObject({ message: 'Address updated successfully', data: { id: created.data.id, zip: '10002' } });
    const bad = await createAddress(
      apiContext({ method: 'POST', url: 'http://x/', user: me, body: address({ phone: '12', email: 'nope' }) }),
    );
    expect(bad.status).toBe(422);
    expect((await bad.json()).data.form).toEqual(['Invalid email', 'Invalid phone number']);
    // A plain HTML form post (no JavaScript) gets a 303 back with the message as a flash.
    const form = { ...address({ name: 'Form Post' }), is_default: '' } as unknown as Record<string, string>;
    const posted = await createAddress(
      apiContext({ method: 'POST', url: 'http://shop.test/api/v1/user/address/action', user: me, body: form, form: true }),
    );
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/user/addresses');
    const failed = await createAddress(
      apiContext({
        method: 'POST',
        url: 'http://shop.test/api/v1/user/address/action',
        user: me,
        body: { ...form, phone: 'x' },
        form: true,
      }),
    );
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe('/user/addresses?add=shipping');
    expect((await listAddresses(user.id, 'shipping')).map((a) => a.name)).toContain('Form Post');
    const guest = await createAddress(apiContext({ method: 'POST', url: 'http://x/', user: null, body: address() }));
    expect(guest.status).toBe(401);
  });
});

describe('saved cards', () => {
  it("lists brand, last 4 and expiry without the gateway token, and removes only the owner's card", async () => {
    const owner = await makeUser('cards@example.com');
    const other = await makeUser('cards-other@example.com');
    const [card] = await getDb()
      .insert(savedCards)
      .values({
        userId: owner.id,
        gateway: 'stripe',
        gatewayToken: 'pm_secret_123',
        brand: 'visa',
        last4: '4242',
        expMonth: 1,
        expYear: 2020,
      })
      .returning();
    const list = await listCards(owner.id);
    expect(list).toEqual([{ id: card!.id, gateway: 'stripe', brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2020, expired: true }]);
    const res = await cardsAll(apiContext({ method: 'GET', url: 'http://x/', user: { id: owner.id, name: 'o', email: 'o' } }));
    expect(await res.text()).not.toContain('pm_secret_123');

    await expect(deleteCard(other.id, card!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const res404 = await cardById(
      apiContext({ method: 'DELETE', url: 'http://x/', user: { id: other.id, name: 'x', email: 'x' }, params: { id: String(card!.id) } }),
    );
    expect(res404.status).toBe(404);
    expect(await listCards(owner.id)).toHaveLength(1);
    await deleteCard(owner.id, card!.id);
    expect(
      await getDb()
        .select()
        .from(savedCards)
        .where(and(eq(savedCards.userId, owner.id))),
    ).toEqual([]);
    expect(await getDb().select().from(addresses).where(eq(addresses.userId, other.id))).toEqual([]);
  });
});
