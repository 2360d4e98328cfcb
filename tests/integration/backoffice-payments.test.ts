import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { auditLog, settings } from '@/server/db/schema';
import { gatewayEnv, loadStoredGatewayKeys } from '@/server/payments/stored-keys';
import { listPaymentGateways } from '@/server/payments/gateways';
import { account, api, type Account } from './backoffice-fixtures';

/** Gateway keys entered in the back office (issue 34): sealed at rest, never shown in full, the environment wins. */
useTestDatabase({ demo: true });

const NAMES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'SETTINGS_KEY'] as const;
const saved: Partial<Record<(typeof NAMES)[number], string | undefined>> = {};
let owner: Account;

beforeAll(async () => {
  for (const n of NAMES) {
    saved[n] = process.env[n];
    delete process.env[n];
  }
  process.env.SETTINGS_KEY = randomBytes(32).toString('hex');
  owner = await account(['owner']);
});
afterAll(async () => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
  await getDb().delete(settings).where(eq(settings.key, 'gateway_keys'));
  await loadStoredGatewayKeys();
});

const SECRET = 'sk_test_51Secretvalue9876';
const stripeEnabled = () => listPaymentGateways().find((g) => g.name.toLowerCase().includes('stripe'))?.enabled;

describe('gateway keys', () => {
  it('are stored sealed, shown masked only, and switch the gateway on at checkout', async () => {
    expect(stripeEnabled()).toBe(false);
    const res = await api('/api/v1/admin/payments', owner, {
      body: {
        STRIPE_SECRET_KEY: SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_51Publicvalue1234',
        STRIPE_WEBHOOK_SECRET: 'whsec_hookvalue5555',
      },
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).not.toContain(SECRET);
    const [row] = await getDb().select().from(settings).where(eq(settings.key, 'gateway_keys'));
    expect(JSON.stringify(row!.value)).not.toContain('Secretvalue');
    expect(JSON.stringify(await getDb().select().from(auditLog))).not.toContain('Secretvalue');

    await loadStoredGatewayKeys();
    expect(gatewayEnv().STRIPE_SECRET_KEY).toBe(SECRET);
    expect(stripeEnabled()).toBe(true);
    const shown = await api('/api/v1/admin/payments', owner);
    const body = await shown.text();
    expect(body).not.toContain('Secretvalue');
    const stripe = (JSON.parse(body).data.gateways as { gateway: string; keys: { name: string; source: string; masked: string }[] }[]).find(
      (g) => g.gateway === 'stripe',
    )!;
    expect(stripe.keys.find((k) => k.name === 'STRIPE_SECRET_KEY')).toEqual({
      name: 'STRIPE_SECRET_KEY',
      source: 'stored',
      masked: '••••9876',
    });
    const common = await (await api('/api/v1/common', null)).text();
    const gateways = await (await api('/api/v1/payment-gateway', null)).text();
    expect(common + gateways).not.toContain('Secretvalue');
  });

  it('a key in the environment wins over the stored one; a stored key opened with another SETTINGS_KEY is not used', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_env_value_0000';
    try {
      expect(gatewayEnv().STRIPE_SECRET_KEY).toBe('sk_env_value_0000');
      const view = (await (await api('/api/v1/admin/payments', owner)).json()).data;
      expect(view.gateways[0].keys[0]).toMatchObject({ source: 'env', masked: '••••0000' });
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
    }
    const key = process.env.SETTINGS_KEY;
    process.env.SETTINGS_KEY = randomBytes(32).toString('hex');
    await loadStoredGatewayKeys();
    expect(gatewayEnv().STRIPE_SECRET_KEY).toBeUndefined();
    process.env.SETTINGS_KEY = key;
    await loadStoredGatewayKeys();
    expect(gatewayEnv().STRIPE_SECRET_KEY).toBe(SECRET);
  });

  it('without SETTINGS_KEY nothing is stored, in words; a stored key can be forgotten', async () => {
    const key = process.env.SETTINGS_KEY;
    delete process.env.SETTINGS_KEY;
    try {
      const res = await api('/api/v1/admin/payments', owner, { body: { STRIPE_SECRET_KEY: 'sk_other_1234567' } });
      expect(res.status).toBe(503);
      expect((await res.json()).message).toContain('SETTINGS_KEY is not set on the server');
    } finally {
      process.env.SETTINGS_KEY = key;
    }
    expect((await api('/api/v1/admin/payments', owner, { body: { clear: ['STRIPE_SECRET_KEY'] } })).status).toBe(200);
    await loadStoredGatewayKeys();
    expect(gatewayEnv().STRIPE_SECRET_KEY).toBeUndefined();
    expect(stripeEnabled()).toBe(false);
  });
});
