import { z } from 'zod';
import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { GatewayKeysSchema } from '@/lib/schemas/content-admin';
import { getGatewayKeys, saveGatewayKeys } from '@/server/settings/gateway-keys';
import { GatewayTestSchema } from '@/lib/schemas/settings-admin';
import { GATEWAY_NAMES, testGatewayConnection } from '@/server/settings/gateway-test';
import { PaymentMethodsSchema } from '@/lib/schemas/content-admin2';
import { getPaymentMethods, savePaymentMethods } from '@/server/settings/payment-methods';

/** Payment gateways' keys in the back office (`/admin/payments`, `api/v1/admin/payments`); values never leave the server. */

export const gatewayKeysOne = defineQuery({
  name: 'payments.keys',
  input: z.object({}),
  auth: { can: 'update:setting' },
  run: async () => getGatewayKeys(),
});

export const saveGatewayKeysAction = defineAction({
  name: 'payments.keys.save',
  input: GatewayKeysSchema,
  auth: { can: 'update:setting' },
  // Checkout's methods and the gateways' keys: every process reopens the stored keys.
  invalidates: ['settings'],
  run: async (input, _actor, { tx, audit }) => {
    const change = await saveGatewayKeys(tx, input);
    // Names only: a key's value is never written to the audit log.
    audit({ entity: 'gateway_keys', entityId: null, before: null, after: change });
    return change;
  },
  message: 'backoffice.payments.saved',
  back: '/admin/payments',
});

/**
 * `POST api/v1/admin/payments/test {gateway}`: "test connection" with the keys the gateway uses now. A refused key
 * is a 422 saying so; a gateway without a call for it says that. Writes nothing but its audit entry.
 */
export const testGatewayAction = defineAction({
  name: 'payments.test',
  input: GatewayTestSchema,
  auth: { can: 'update:setting' },
  invalidates: [],
  run: async ({ gateway }, _actor, { audit }) => {
    const outcome = await testGatewayConnection(gateway);
    audit({ entity: 'gateway_keys', entityId: gateway, before: null, after: outcome });
    return outcome;
  },
  message: (r, t) => t(`backoffice.paymentTest.${r.result}`, { gateway: GATEWAY_NAMES[r.gateway] }),
  back: '/admin/payments',
});

/** The payment methods offered at checkout (`api/v1/admin/payments/methods`): ticked ones on, the rest off. */
export const paymentMethodsOne = defineQuery({
  name: 'payments.methods',
  input: z.object({}),
  auth: { can: 'update:setting' },
  run: () => getPaymentMethods(),
});

export const savePaymentMethodsAction = defineAction({
  name: 'payments.methods.save',
  input: PaymentMethodsSchema,
  auth: { can: 'update:setting' },
  // Checkout, the payment-gateway answer and the retry page read the methods on their next request.
  invalidates: ['settings', 'catalog'],
  run: async (input, _actor, { tx, audit }) => {
    const change = await savePaymentMethods(tx, input);
    audit({ entity: 'settings', entityId: 'payment_methods', ...change });
    return change.after;
  },
  message: 'backoffice.paymentMethods.saved',
  back: '/admin/payments',
});
