import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../fixtures';
import { fillAddress, shoot, signIn, uniqueEmail, watchConsole } from './helpers';

for (const javaScriptEnabled of [true, false]) {
  test.describe(`address book with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('add, edit, make default and delete', async ({ page }) => {
      const problems = watchConsole(page);
      await signIn(page, uniqueEmail(`book-${javaScriptEnabled}`));
      await page.goto('/user/addresses');
      await expect(page.getByText('No shipping address yet.')).toBeVisible();

      await page.getByRole('link', { name: 'Add shipping address' }).click();
      await fillAddress(page, { name: 'Home', phone: 'not a phone', city: 'Albany', zip: '12207', line1: '1 State St' });
      await page.getByRole('button', { name: 'Save address' }).click();
      await expect(page.locator('#address-form').getByRole('alert')).toContainText('Invalid phone number');
      await page.locator('#address-form').getByLabel('Phone').fill('555-123-4567');
      await page.getByRole('button', { name: 'Save address' }).click();
      const shipping = page.locator('section', { has: page.getByRole('heading', { name: 'Shipping addresses' }) });
      const home = shipping.getByRole('listitem').filter({ hasText: 'Home' });
      await expect(home).toContainText('1 State St');
      await expect(home).toContainText('New York');
      await expect(home.getByText('Default')).toBeVisible();

      await page.getByRole('link', { name: 'Add shipping address' }).click();
      await fillAddress(page, {
        name: 'Office',
        phone: '(555) 987-6543',
        city: 'Los Angeles',
        zip: '90001',
        line1: '9 Sunset Blvd',
        state: 'CA',
      });
      await page.getByRole('button', { name: 'Save address' }).click();
      const office = shipping.getByRole('listitem').filter({ hasText: 'Office' });
      await expect(office).toContainText('California');
      // City, state and postcode read apart (was "Los Angeles, California90001").
      await expect(office).toContainText('Los Angeles, California 90001');
      await expect(office.getByText('Default', { exact: true })).toHaveCount(0);

      await office.getByRole('button', { name: 'Make default: Office' }).click();
      await expect(office.getByText('Default', { exact: true })).toBeVisible();
      await expect(home.getByText('Default', { exact: true })).toHaveCount(0);

      await home.getByRole('link', { name: 'Edit: Home' }).click();
      await expect(page.getByRole('heading', { name: 'Edit address' })).toBeVisible();
      await page.locator('#address-form').getByLabel('City').fill('Buffalo');
      await page.getByRole('button', { name: 'Save address' }).click();
      await expect(home).toContainText('Buffalo');
      await expect(page).toHaveURL(/\/user\/addresses$/);

      await home.getByText('Delete', { exact: true }).click();
      await expect(home.getByText('Do you really want to delete?')).toBeVisible();
      await home.getByRole('button', { name: 'Yes, delete' }).click();
      await expect(shipping.getByRole('listitem').filter({ hasText: 'Home' })).toHaveCount(0);
      await expect(shipping.getByRole('listitem')).toHaveCount(1);
      expect(problems).toEqual([]);
    });
  });
}

test("another user's address id through the API is 404 and nothing changes", async ({ browser, baseURL }) => {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signIn(ownerPage, uniqueEmail('owner'));
  const body = {
    name: 'Mine',
    email: 'me@example.com',
    phone: '555-123-4567',
    country: 'US',
    state: 'NY',
    city: 'NYC',
    zip: '10001',
    address_1: '5 Fifth Ave',
    address_2: '',
  };
  const created = await (await ownerPage.request.post('/api/v1/user/address/action', { data: body })).json();
  expect(created).toMatchObject({ status: 200, message: 'Address added successfully' });
  const id = created.data.id as number;

  const thief = await browser.newContext();
  const thiefPage = await thief.newPage();
  await signIn(thiefPage, uniqueEmail('thief'));
  const del = await thiefPage.request.delete(`/api/v1/user/address/${id}`, { headers: { origin: baseURL! } });
  expect(del.status()).toBe(404);
  expect((await del.json()).status).toBe(404);
  const upd = await thiefPage.request.post(`/api/v1/user/address/action/${id}`, { data: { ...body, name: 'Stolen' } });
  expect(upd.status()).toBe(404);
  const read = await thiefPage.request.get(`/api/v1/user/address/${id}`);
  expect(read.status()).toBe(404);
  const mine = await (await ownerPage.request.get('/api/v1/user/address/all')).json();
  expect(mine.data.data).toMatchObject([{ id, name: 'Mine', is_default: true }]);
  await owner.close();
  await thief.close();
});

test('address book: axe finds no violations; screenshots', async ({ page }) => {
  await signIn(page, uniqueEmail('axe-book'));
  const body = {
    name: 'Grace Hopper',
    email: 'g@example.com',
    phone: '555-123-4567',
    country: 'US',
    state: 'NY',
    city: 'New York',
    zip: '10001',
    address_1: '1 Main St',
    address_2: 'Apt 4',
  };
  await page.request.post('/api/v1/user/address/action', { data: body });
  await page.request.post('/api/v1/user/address/billing_address', { data: { ...body, name: 'Billing Dept' } });
  await page.goto('/user/addresses?add=shipping');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  await shoot(page, 'addresses');
});
