import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { testGatewayAction } from '@/server/settings/payment-actions';

/** POST `{gateway}`: tests the gateway's keys with one harmless call (Stripe, PayPal, Razorpay); never answers a key. */
export const ALL = route({ POST: serveAction(testGatewayAction) });
