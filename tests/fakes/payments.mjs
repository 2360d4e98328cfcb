// A local stand-in for the payment gateways' APIs, for tests only: the real services cannot be reached
// from the machines this project is built on. One server, a path prefix per provider; each part follows
// the provider's documented requests and answers (auth headers, body encoding, amounts in minor units)
// closely enough for the official SDKs, and signs its webhooks and callbacks as the provider does, with
// the same secrets as the shop's test configuration.
//
//   Stripe    /v1/payment_intents[/:id[/confirm]]   (the SDK has no path prefix: /v1 is Stripe's); GET /v1/balance
//             GET /stripe/v3/stripe.js               a small Stripe.js stand-in (Payment Element + confirmPayment)
//             webhooks: Stripe-Signature  t=…,v1=HMAC-SHA256(whsec, `${t}.${body}`)
//             POST /v1/payment_intents/:id/cancel, POST /v1/refunds (Idempotency-Key honoured)
//   Razorpay  /razorpay/v1/orders, GET /razorpay/v1/payments?count=1, /razorpay/v1/payments/:id[/capture|/refund|/refunds]   (HTTP Basic key_id:key_secret)
//             GET /razorpay/v1/checkout.js           a small Checkout stand-in (modal with Pay / Cancel)
//             callback: razorpay_signature = HMAC-SHA256(key_secret, `${order_id}|${payment_id}`)
//             webhooks: X-Razorpay-Signature = HMAC-SHA256(webhook_secret, body), X-Razorpay-Event-Id
//   PayPal    /paypal/v1/oauth2/token (Basic client_id:secret), /paypal/v2/checkout/orders[/:id[/capture]] (Bearer),
//             /paypal/v2/payments/captures/:id/refund (PayPal-Request-Id honoured),
//             /paypal/v1/notifications/verify-webhook-signature; GET /paypal/checkoutnow?token= (the approve page)
//             webhooks: PAYPAL-TRANSMISSION-ID/-TIME/-SIG/-CERT-URL/AUTH-ALGO; the fake signs
//             `id|time|webhook_id|crc32(body)` (PayPal uses its RSA certificate; only its verify API checks it)
//   Flutterwave /flutterwave/v3/payments, /flutterwave/v3/transactions/:id/verify (Bearer secret key);
//             GET /flutterwave/pay/:tx_ref (the hosted page); webhooks: verif-hash = the secret hash
//   Iyzico    /iyzico/payment/iyzipos/checkoutform/initialize/auth/ecom, …/checkoutform/auth/ecom/detail,
//             signed IYZWSv2 (HMAC-SHA256(secret, randomKey + path + body)); GET /iyzico/pay/:token (the
//             hosted form) posts the token to the callback URL; results signed HMAC(secret, fields joined by ':')
//   Authorize.Net  POST /authorize-net/xml/v1/request.api (JSON with merchantAuthentication, answers start
//             with a byte-order mark): getHostedPaymentPageRequest, getTransactionDetailsRequest,
//             getUnsettledTransactionListRequest; POST /authorize-net/payment/payment {token} (Accept Hosted)
//
// Test cards (Stripe): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 needs
// 3-D Secure (requires_action). Each gateway's other documented states, the ones that are NOT "paid", can be
// reached too (issue 38): stripeMove (processing, requires_action, requires_capture, canceled, partially_funded),
// PayPal's approve page `decision=pending` (capture PENDING) or `capture-declined` (capture DECLINED) and paypalCaptureEvent (DENIED, DECLINED, REVERSED,
// REFUNDED, COMPLETED later), paypalOrderStatus (VOIDED, SAVED, CREATED…), razorpayPay outcomes (authorized,
// failed, captured, refunded, created), flutterwave's page `pending` and flutterwaveStatus, iyzicoComplete's
// fraudStatus and forged signatures, authorizeNetPay with any transactionStatus of its API.
// Run alone: `node tests/fakes/payments.mjs` (FAKE_PAYMENTS_PORT, FAKE_PAYMENTS_WEBHOOK_URL and the shop's
// STRIPE_* / RAZORPAY_* variables), or import startFakePayments() in a test.
import http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';

const id = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
const hmac = (secret, text) => createHmac('sha256', secret).update(text).digest('hex');

/**
 * @typedef {{ url?: string, body: string, headers: Record<string, string> }} Delivery
 * @typedef {{
 *   port?: number, host?: string, webhookUrl?: string,
 *   deliver?: (delivery: Delivery) => Promise<{ status: number }>,
 *   stripe?: { secretKey: string, publishableKey: string, webhookSecret: string },
 *   razorpay?: { keyId: string, keySecret: string, webhookSecret?: string },
 *   paypal?: { clientId: string, clientSecret: string, webhookId: string },
 *   flutterwave?: { secretKey: string, secretHash: string },
 *   iyzico?: { apiKey: string, secretKey: string },
 *   authorizeNet?: { loginId: string, transactionKey: string },
 * }} FakeOptions
 */

/**
 * Starts the fake on `port` (0 = any free port). Webhooks go to `webhookUrl` by HTTP, or to `deliver`
 * (integration tests hand them to the shop in-process). Every delivery is kept in `deliveries` so a test
 * can send one again (a replay) or change a byte (a forgery).
 * @param {FakeOptions} options
 */
export async function startFakePayments(options) {
  const state = {
    options,
    origin: '',
    intents: new Map(),
    rzpOrders: new Map(),
    rzpPayments: new Map(),
    ppTokens: new Set(),
    ppOrders: new Map(),
    flwLinks: new Map(),
    flwTransactions: new Map(),
    iyzForms: new Map(),
    anetPages: new Map(),
    anetTransactions: new Map(),
    /**
     * Every refund the fake made, in order (one per real refund).
     * @type {{ gateway: string, charge: string, amount: number | string, id: string }[]}
     */
    refunds: [],
    /** Idempotency keys already answered (Stripe `Idempotency-Key`, PayPal `PayPal-Request-Id`) → their answer. */
    idempotent: new Map(),
    /** @type {Delivery[]} */
    deliveries: [],
    /**
     * Every API request the fake received, in order (the rules tests read what exactly was asked).
     * @type {{ method: string, path: string, search: string, headers: import('node:http').IncomingHttpHeaders, body: string }[]}
     */
    requests: [],
  };
  const server = http.createServer((req, res) => {
    handle(state, req, res).catch((err) => {
      console.error('[fake-payments]', err);
      json(res, 500, { error: { message: 'fake server error' } });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address();
  state.origin = `http://${options.host ?? '127.0.0.1'}:${typeof address === 'object' && address ? address.port : options.port}`;
  return {
    origin: state.origin,
    stripeJs: `${state.origin}/stripe/v3/stripe.js`,
    razorpayBase: `${state.origin}/razorpay`,
    razorpayCheckout: `${state.origin}/razorpay/v1/checkout.js`,
    deliveries: state.deliveries,
    /** Every API request received (method, path, query, headers, raw body): what a gateway module asked, word for word. */
    requests: state.requests,
    /** Refunds made at the fake (all gateways): a retried request with the same idempotency key is not a second one. */
    refunds: state.refunds,
    /** What the shopper does in the Payment Element: confirms with a test card (webhook sent before it resolves). */
    stripePay: (intentId, card = '4242424242424242') => confirmIntent(state, intentId, card),
    stripeIntent: (intentId) => state.intents.get(intentId),
    /** What Razorpay Checkout hands back after the shopper paid (and the order.paid webhook, when configured). */
    razorpayPay: (orderId, outcome = 'captured') => payRazorpayOrder(state, orderId, outcome),
    paypalBase: `${state.origin}/paypal`,
    flutterwaveBase: `${state.origin}/flutterwave/v3`,
    paypalOrder: (orderId) => state.ppOrders.get(orderId),
    flutterwaveLink: (txRef) => state.flwLinks.get(txRef),
    iyzicoBase: `${state.origin}/iyzico`,
    authorizeNetBase: `${state.origin}/authorize-net`,
    /**
     * What the shopper does on Accept Hosted with the token: pays (true), is declined (false), or leaves the
     * transaction in any other `transactionStatus` Authorize.Net documents (authorizedPendingCapture, voided,
     * FDSPendingReview, underReview, expired, …); returns the transaction.
     */
    authorizeNetPay: (/** @type {string} */ token, /** @type {boolean | string} */ outcome = true) =>
      payAuthorizeNet(state, token, outcome),
    /** Stripe moves the intent to another status and sends the event that says so (`payment_intent.<status>`). */
    stripeMove: (intentId, status) => moveIntent(state, intentId, status),
    /** PayPal's capture changes later (a PENDING capture COMPLETED, DENIED…): the order's capture and its webhook. */
    paypalCaptureEvent: (orderId, status) => paypalCaptureEvent(state, orderId, status),
    /** Sets a PayPal order's status by hand (VOIDED, SAVED, CREATED, PAYER_ACTION_REQUIRED). */
    paypalOrderStatus: (orderId, status) => {
      state.ppOrders.get(orderId).status = status;
    },
    /** Sends any PayPal webhook event, signed as PayPal does (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.PENDING…). */
    paypalEvent: (eventType, resource) => sendPaypalEvent(state, resource, eventType),
    /** Changes a Flutterwave transaction's status (successful, failed, pending, cancelled) as verify will report it. */
    flutterwaveStatus: (transactionId, status) => {
      state.flwTransactions.get(Number(transactionId)).status = status;
    },
    authorizeNetPage: (token) => state.anetPages.get(token),
    iyzicoForm: (token) => state.iyzForms.get(token),
    /** What the shopper does on iyzico's form: pays (or is declined); the browser then posts the token back. */
    iyzicoComplete: (token, outcome = 'SUCCESS', extra = {}) => completeIyzico(state, token, outcome, extra),
    /** Sends a stored delivery again, unchanged. */
    redeliver: (delivery) => deliver(state, delivery),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

async function deliver(state, delivery) {
  state.deliveries.push(delivery);
  if (state.options.deliver) return state.options.deliver(delivery);
  const url = delivery.url ?? state.options.webhookUrl;
  if (!url) return { status: 0 };
  const res = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body });
  return { status: res.status };
}

async function handle(state, req, res) {
  const url = new URL(req.url ?? '/', state.origin);
  const path = url.pathname;
  if (req.method === 'OPTIONS') return cors(res);
  if (path === '/__fake/health') return json(res, 200, { ok: true });
  const body = await readBody(req);
  state.requests.push({ method: req.method ?? 'GET', path, search: url.search, headers: req.headers, body });
  if (path === '/stripe/v3/stripe.js') return script(res, stripeJs(state.origin));
  if (path.startsWith('/v1/')) return stripe(state, req, res, path, body);
  if (path === '/razorpay/v1/checkout.js') return script(res, razorpayJs(state.origin));
  if (path.startsWith('/razorpay/')) return razorpay(state, req, res, path.slice('/razorpay'.length), body);
  if (path.startsWith('/paypal/')) return paypal(state, req, res, url, path.slice('/paypal'.length), body);
  if (path.startsWith('/flutterwave/')) return flutterwave(state, req, res, path.slice('/flutterwave'.length), body);
  if (path.startsWith('/iyzico/')) return iyzico(state, req, res, path.slice('/iyzico'.length), body);
  if (path.startsWith('/authorize-net/')) return authorizeNet(state, req, res, path.slice('/authorize-net'.length), body);
  return json(res, 404, { error: { message: `no such path ${path}` } });
}

// ---------- Stripe ----------

function stripeError(res, status, type, message, code) {
  return json(res, status, { error: { type, message, ...(code ? { code } : {}) } });
}

async function stripe(state, req, res, path, raw) {
  const conf = state.options.stripe;
  if (!conf) return stripeError(res, 404, 'invalid_request_error', 'Stripe is not configured in the fake.');
  const form = parseForm(raw);
  const confirm = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/);
  // The browser (Stripe.js) confirms with the publishable key and the client secret, never the secret key.
  if (confirm && req.method === 'POST') {
    const intent = state.intents.get(confirm[1]);
    if (form.key !== conf.publishableKey) return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
    if (!intent || form.client_secret !== intent.client_secret)
      return stripeError(res, 404, 'invalid_request_error', 'No such payment_intent.');
    if (intent.status === 'canceled' || intent.status === 'succeeded')
      return cors(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `This PaymentIntent's status is ${intent.status}.`,
        },
      });
    const outcome = await confirmIntent(state, intent.id, form['payment_method_data[card][number]'] ?? '');
    if (outcome.error) return cors(res, 402, { error: outcome.error });
    return cors(res, 200, outcome.intent);
  }
  if (req.headers.authorization !== `Bearer ${conf.secretKey}`) {
    return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
  }
  // The back office's "test connection" (issue 34): the account's balance.
  if (path === '/v1/balance' && req.method === 'GET')
    return json(res, 200, { object: 'balance', available: [{ amount: 0, currency: 'usd' }], pending: [], livemode: false });
  if (path === '/v1/payment_intents' && req.method === 'POST') {
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 50)
      return stripeError(res, 400, 'invalid_request_error', 'Amount must be at least $0.50 usd', 'amount_too_small');
    if (!/^[a-z]{3}$/.test(form.currency ?? '')) return stripeError(res, 400, 'invalid_request_error', 'Invalid currency.');
    const pi = id('pi');
    const metadata = {};
    for (const [k, v] of Object.entries(form)) {
      const m = k.match(/^metadata\[(.+)\]$/);
      if (m) metadata[m[1]] = v;
    }
    const intent = {
      id: pi,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: form.currency,
      description: form.description ?? null,
      receipt_email: form.receipt_email ?? null,
      metadata,
      status: 'requires_payment_method',
      client_secret: `${pi}_secret_${randomBytes(8).toString('hex')}`,
      automatic_payment_methods: form['automatic_payment_methods[enabled]'] === 'true' ? { enabled: true } : null,
      last_payment_error: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    state.intents.set(pi, intent);
    return json(res, 200, intent);
  }
  const key = req.headers['idempotency-key'];
  if (key && req.method === 'POST' && state.idempotent.has(`stripe:${key}`)) return json(res, 200, state.idempotent.get(`stripe:${key}`));
  const cancel = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
  if (cancel && req.method === 'POST') {
    const intent = state.intents.get(cancel[1]);
    if (!intent) return stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${cancel[1]}'`, 'resource_missing');
    if (!['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(intent.status))
      return stripeError(
        res,
        400,
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        'payment_intent_unexpected_state',
      );
    intent.status = 'canceled';
    intent.cancellation_reason = form.cancellation_reason ?? null;
    if (key) state.idempotent.set(`stripe:${key}`, intent);
    return json(res, 200, intent);
  }
  if (path === '/v1/refunds' && req.method === 'POST') {
    const intent = state.intents.get(form.payment_intent ?? '');
    if (!intent || intent.status !== 'succeeded')
      return stripeError(
        res,
        400,
        'invalid_request_error',
        'This PaymentIntent does not have a successful charge to refund.',
        'charge_not_refundable',
      );
    const amount = form.amount === undefined ? intent.amount_received : Number(form.amount);
    const already = state.refunds.filter((r) => r.charge === intent.id).reduce((sum, r) => sum + r.amount, 0);
    if (already + amount > intent.amount_received)
      return stripeError(
        res,
        400,
        'invalid_request_error',
        `Charge for ${intent.id} has already been refunded.`,
        'charge_already_refunded',
      );
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: {},
    };
    state.refunds.push({ gateway: 'stripe', charge: intent.id, amount, id: refund.id });
    if (key) state.idempotent.set(`stripe:${key}`, refund);
    return json(res, 200, refund);
  }
  const one = path.match(/^\/v1\/payment_intents\/([^/]+)$/);
  if (one && req.method === 'GET') {
    const intent = state.intents.get(one[1]);
    return intent
      ? json(res, 200, intent)
      : stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${one[1]}'`, 'resource_missing');
  }
  return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path}).`);
}

/** Confirms an intent with a test card; sends the signed webhook before answering, as the e2e expects. */
async function confirmIntent(state, intentId, card) {
  const intent = state.intents.get(intentId);
  if (!intent) throw new Error(`no intent ${intentId}`);
  const number = String(card).replace(/\s+/g, '');
  if (number === '4242424242424242') {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    await sendStripeEvent(state, 'payment_intent.succeeded', intent);
    return { intent };
  }
  if (number === '4000002500003155') {
    // 3-D Secure required: the shopper has to authenticate; nothing is paid yet.
    intent.status = 'requires_action';
    intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
    await sendStripeEvent(state, 'payment_intent.requires_action', intent);
    return { intent };
  }
  const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
  intent.status = 'requires_payment_method';
  intent.last_payment_error = error;
  await sendStripeEvent(state, 'payment_intent.payment_failed', intent);
  return { intent, error };
}

/** The intent's documented statuses other than succeeded, each with the event Stripe sends on entering it. */
const STRIPE_EVENTS = {
  processing: 'payment_intent.processing',
  requires_action: 'payment_intent.requires_action',
  requires_capture: 'payment_intent.amount_capturable_updated',
  canceled: 'payment_intent.canceled',
  requires_payment_method: 'payment_intent.payment_failed',
  partially_funded: 'payment_intent.partially_funded',
  succeeded: 'payment_intent.succeeded',
};

async function moveIntent(state, intentId, status) {
  const intent = state.intents.get(intentId);
  if (!intent) throw new Error(`no intent ${intentId}`);
  const type = STRIPE_EVENTS[status];
  if (!type) throw new Error(`Stripe has no intent status ${status}`);
  intent.status = status === 'partially_funded' ? 'requires_payment_method' : status;
  intent.amount_received = status === 'succeeded' ? intent.amount : 0;
  if (status === 'requires_capture') intent.amount_capturable = intent.amount;
  if (status === 'partially_funded') intent.next_action = { type: 'display_bank_transfer_instructions' };
  if (status === 'canceled') intent.cancellation_reason = 'requested_by_customer';
  return sendStripeEvent(state, type, intent);
}

/** Signs like Stripe: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint secret>`. */
export function stripeSignature(secret, body, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${hmac(secret, `${timestamp}.${body}`)}`;
}

async function sendStripeEvent(state, type, intent) {
  const event = {
    id: id('evt'),
    object: 'event',
    api_version: '2025-09-30.clover',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...intent } },
  };
  const body = JSON.stringify(event, null, 2);
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'stripe-signature': stripeSignature(state.options.stripe.webhookSecret, body),
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  };
  return deliver(state, { body, headers });
}

const stripeJs = (origin) => `// Stripe.js stand-in served by tests/fakes/payments.mjs (tests only).
(function () {
  var API = ${JSON.stringify(origin)};
  window.Stripe = function (key) {
    var card;
    return {
      elements: function (opts) {
        var clientSecret = opts.clientSecret;
        return {
          _clientSecret: clientSecret,
          create: function () {
            return {
              mount: function (el) {
                var label = document.createElement('label');
                label.textContent = 'Card number';
                card = document.createElement('input');
                card.name = 'fake-stripe-card';
                card.autocomplete = 'cc-number';
                card.inputMode = 'numeric';
                label.appendChild(card);
                el.appendChild(label);
              },
            };
          },
        };
      },
      confirmPayment: function (opts) {
        var secret = opts.elements._clientSecret;
        var intentId = secret.split('_secret_')[0];
        var body = new URLSearchParams({ key: key, client_secret: secret, 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': card ? card.value : '', return_url: opts.confirmParams.return_url });
        return fetch(API + '/v1/payment_intents/' + intentId + '/confirm', { method: 'POST', body: body })
          .then(function (r) { return r.json(); })
          .then(function (answer) {
            if (answer.error) return { error: answer.error };
            var back = new URL(opts.confirmParams.return_url);
            back.searchParams.set('payment_intent', intentId);
            back.searchParams.set('payment_intent_client_secret', secret);
            back.searchParams.set('redirect_status', answer.status === 'succeeded' ? 'succeeded' : 'failed');
            window.location.assign(back.toString());
            return new Promise(function () {});
          });
      },
    };
  };
})();
`;

// ---------- Razorpay ----------

function rzpError(res, status, description) {
  return json(res, status, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
    },
  });
}

async function razorpay(state, req, res, path, raw) {
  const conf = state.options.razorpay;
  if (!conf) return rzpError(res, 404, 'Razorpay is not configured in the fake.');
  if (path === '/__checkout/pay' && req.method === 'POST') {
    const form = JSON.parse(raw || '{}');
    if (form.key !== conf.keyId) return cors(res, 401, { error: { description: 'The api key provided is invalid' } });
    return cors(res, 200, await payRazorpayOrder(state, form.order_id, form.outcome ?? 'captured'));
  }
  const expected = `Basic ${Buffer.from(`${conf.keyId}:${conf.keySecret}`).toString('base64')}`;
  if (req.headers.authorization !== expected) return rzpError(res, 401, 'The api key provided is invalid');
  // The back office's "test connection" (issue 34): the latest payment, `count=1`.
  if (path === '/v1/payments' && req.method === 'GET') {
    const items = [...state.rzpPayments.values()].slice(-1);
    return json(res, 200, { entity: 'collection', count: items.length, items });
  }
  if (path === '/v1/orders' && req.method === 'POST') {
    const body = JSON.parse(raw || '{}');
    if (!Number.isInteger(body.amount) || body.amount < 100) return rzpError(res, 400, 'The amount must be atleast INR 1.00');
    if (typeof body.currency !== 'string' || !/^[A-Z]{3}$/.test(body.currency)) return rzpError(res, 400, 'The currency is invalid.');
    const order = {
      id: id('order'),
      entity: 'order',
      amount: body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: body.currency,
      receipt: body.receipt ?? null,
      status: 'created',
      attempts: 0,
      notes: body.notes ?? {},
      created_at: Math.floor(Date.now() / 1000),
    };
    state.rzpOrders.set(order.id, order);
    return json(res, 200, order);
  }
  const capture = path.match(/^\/v1\/payments\/([^/]+)\/capture$/);
  if (capture && req.method === 'POST') {
    const payment = state.rzpPayments.get(capture[1]);
    const body = JSON.parse(raw || '{}');
    if (!payment) return rzpError(res, 404, 'The id provided does not exist');
    if (payment.status !== 'authorized') return rzpError(res, 400, 'This payment has already been captured');
    if (Number(body.amount) !== payment.amount || body.currency !== payment.currency)
      return rzpError(res, 400, 'Capture amount must be equal to the amount authorized');
    payment.status = 'captured';
    payment.captured = true;
    return json(res, 200, payment);
  }
  const refund = path.match(/^\/v1\/payments\/([^/]+)\/refunds?$/);
  if (refund) {
    const payment = state.rzpPayments.get(refund[1]);
    if (!payment) return rzpError(res, 404, 'The id provided does not exist');
    const made = state.refunds.filter((r) => r.gateway === 'razorpay' && r.charge === payment.id);
    if (req.method === 'GET')
      return json(res, 200, {
        entity: 'collection',
        count: made.length,
        items: made.map((r) => ({ id: r.id, entity: 'refund', amount: r.amount, payment_id: payment.id })),
      });
    const body = JSON.parse(raw || '{}');
    const amount = body.amount === undefined ? payment.amount : Number(body.amount);
    if (payment.status !== 'captured') return rzpError(res, 400, 'Only captured payments can be refunded');
    if ((payment.amount_refunded ?? 0) + amount > payment.amount) return rzpError(res, 400, 'The payment has been fully refunded already');
    const entity = { id: id('rfnd'), entity: 'refund', amount, currency: payment.currency, payment_id: payment.id, status: 'processed' };
    payment.amount_refunded = (payment.amount_refunded ?? 0) + amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    state.refunds.push({ gateway: 'razorpay', charge: payment.id, amount, id: entity.id });
    return json(res, 200, entity);
  }
  const one = path.match(/^\/v1\/payments\/([^/]+)$/);
  if (one && req.method === 'GET') {
    const payment = state.rzpPayments.get(one[1]);
    return payment ? json(res, 200, payment) : rzpError(res, 404, 'The id provided does not exist');
  }
  return rzpError(res, 404, `The requested URL was not found on the server (${path}).`);
}

/** The shopper pays a Razorpay order: Checkout's signed answer, and the webhook when a secret is set. */
async function payRazorpayOrder(state, orderId, outcome) {
  const conf = state.options.razorpay;
  const order = state.rzpOrders.get(orderId);
  if (!order) throw new Error(`no Razorpay order ${orderId}`);
  const payment = {
    id: id('pay'),
    entity: 'payment',
    amount: order.amount,
    currency: order.currency,
    status: outcome,
    order_id: order.id,
    method: 'card',
    captured: outcome === 'captured' || outcome === 'refunded',
    ...(outcome === 'refunded' ? { amount_refunded: order.amount, refund_status: 'full' } : {}),
    created_at: Math.floor(Date.now() / 1000),
  };
  state.rzpPayments.set(payment.id, payment);
  if (outcome === 'captured') {
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
  }
  // Razorpay sends order.paid for a captured payment and payment.failed for a failed one (the others: none here).
  if (conf.webhookSecret && (outcome === 'captured' || outcome === 'failed')) {
    const event = {
      entity: 'event',
      account_id: 'acc_fake',
      event: outcome === 'captured' ? 'order.paid' : 'payment.failed',
      contains: outcome === 'captured' ? ['payment', 'order'] : ['payment'],
      payload: { payment: { entity: payment }, ...(outcome === 'captured' ? { order: { entity: order } } : {}) },
      created_at: Math.floor(Date.now() / 1000),
    };
    const body = JSON.stringify(event);
    await deliver(state, {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmac(conf.webhookSecret, body),
        'x-razorpay-event-id': id('evt'),
      },
    });
  }
  return {
    razorpay_order_id: order.id,
    razorpay_payment_id: payment.id,
    razorpay_signature: hmac(conf.keySecret, `${order.id}|${payment.id}`),
  };
}

const razorpayJs = (origin) => `// Razorpay Checkout stand-in served by tests/fakes/payments.mjs (tests only).
(function () {
  var API = ${JSON.stringify(origin)};
  function Razorpay(options) { this.options = options; this.handlers = {}; }
  Razorpay.prototype.on = function (name, cb) { this.handlers[name] = cb; };
  Razorpay.prototype.open = function () {
    var self = this, o = this.options;
    var box = document.createElement('div');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-label', 'Razorpay Checkout (test)');
    box.style.cssText = 'position:fixed;inset:20% 10%;background:#fff;border:2px solid #333;padding:1rem;z-index:9999';
    var pay = document.createElement('button'); pay.type = 'button'; pay.textContent = 'Pay (test)';
    var fail = document.createElement('button'); fail.type = 'button'; fail.textContent = 'Fail (test)';
    var cancel = document.createElement('button'); cancel.type = 'button'; cancel.textContent = 'Cancel (test)';
    box.append(pay, fail, cancel);
    document.body.appendChild(box);
    function send(outcome) {
      return fetch(API + '/razorpay/__checkout/pay', { method: 'POST', body: JSON.stringify({ key: o.key, order_id: o.order_id, outcome: outcome }) }).then(function (r) { return r.json(); });
    }
    pay.onclick = function () { send('captured').then(function (answer) { box.remove(); o.handler(answer); }); };
    fail.onclick = function () { send('failed').then(function () { box.remove(); (self.handlers['payment.failed'] || function () {})({ error: { description: 'Payment failed' } }); }); };
    cancel.onclick = function () { box.remove(); if (o.modal && o.modal.ondismiss) o.modal.ondismiss(); };
  };
  window.Razorpay = Razorpay;
})();
`;

// ---------- PayPal ----------

function ppError(res, status, name, message, issue) {
  return json(res, status, {
    name,
    message,
    debug_id: randomBytes(6).toString('hex'),
    ...(issue ? { details: [{ issue, description: message }] } : {}),
  });
}

const DECIMALS = { JPY: 0, HUF: 0, TWD: 0, KWD: 3, BHD: 3 };

async function paypal(state, req, res, url, path, raw) {
  const conf = state.options.paypal;
  if (!conf) return ppError(res, 404, 'RESOURCE_NOT_FOUND', 'PayPal is not configured in the fake.');
  if (path === '/checkoutnow' && req.method === 'GET') return paypalApprovePage(state, res, url);
  if (path === '/checkoutnow/decide' && req.method === 'GET') return paypalDecide(state, res, url);
  if (path === '/v1/oauth2/token' && req.method === 'POST') {
    const expected = `Basic ${Buffer.from(`${conf.clientId}:${conf.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected || parseForm(raw).grant_type !== 'client_credentials') {
      return json(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const token = `A21AA${randomBytes(16).toString('hex')}`;
    state.ppTokens.add(token);
    return json(res, 200, {
      scope: 'https://uri.paypal.com/services/payments',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-FAKE',
      expires_in: 32400,
      nonce: id('n'),
    });
  }
  const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  if (!state.ppTokens.has(bearer))
    return ppError(
      res,
      401,
      'AUTHENTICATION_FAILURE',
      'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    );
  if (path === '/v2/checkout/orders' && req.method === 'POST') {
    const body = JSON.parse(raw || '{}');
    const unit = body.purchase_units?.[0];
    const amount = unit?.amount ?? {};
    const digits = DECIMALS[amount.currency_code] ?? 2;
    const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
    if (body.intent !== 'CAPTURE' || !pattern.test(String(amount.value ?? ''))) {
      return ppError(res, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', 'DECIMAL_PRECISION');
    }
    const context = body.payment_source?.paypal?.experience_context ?? {};
    const orderId = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    const order = {
      id: orderId,
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [{ reference_id: unit.reference_id, custom_id: unit.custom_id, amount }],
      links: [
        { href: `${state.origin}/paypal/v2/checkout/orders/${orderId}`, rel: 'self', method: 'GET' },
        { href: `${state.origin}/paypal/checkoutnow?token=${orderId}`, rel: 'payer-action', method: 'GET' },
      ],
      _return: context.return_url,
      _cancel: context.cancel_url,
      _decline: false,
    };
    state.ppOrders.set(orderId, order);
    return json(res, 201, publicOrder(order));
  }
  const capture = path.match(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/);
  if (capture && req.method === 'POST') {
    const order = state.ppOrders.get(capture[1]);
    if (!order) return ppError(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
    if (order.status === 'COMPLETED')
      return ppError(res, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED')
      return ppError(res, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', 'ORDER_NOT_APPROVED');
    if (order._decline)
      return ppError(res, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', 'INSTRUMENT_DECLINED');
    const unit = order.purchase_units[0];
    // A capture PayPal holds (e-check, review, a currency the account does not hold) is PENDING: the order is
    // COMPLETED but no money has moved; PAYMENT.CAPTURE.PENDING now, COMPLETED or DENIED later.
    // A capture the processor refused after approval is DECLINED (PAYMENT.CAPTURE.DECLINED).
    const status = order._capture ?? 'COMPLETED';
    const captureObj = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      status,
      ...(status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: unit.amount,
      custom_id: unit.custom_id,
      final_capture: true,
    };
    unit.payments = { captures: [captureObj] };
    order.status = 'COMPLETED';
    await sendPaypalEvent(
      state,
      { ...captureObj, supplementary_data: { related_ids: { order_id: order.id } } },
      `PAYMENT.CAPTURE.${status}`,
    );
    return json(res, 201, publicOrder(order));
  }
  const refund = path.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/);
  if (refund && req.method === 'POST') {
    const requestId = req.headers['paypal-request-id'];
    if (requestId && state.idempotent.has(`paypal:${requestId}`)) return json(res, 201, state.idempotent.get(`paypal:${requestId}`));
    const captured = [...state.ppOrders.values()]
      .flatMap((o) => o.purchase_units[0].payments?.captures ?? [])
      .find((c) => c.id === refund[1]);
    if (!captured) return ppError(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
    const body = JSON.parse(raw || '{}');
    const amount = body.amount ?? captured.amount;
    // Partial refunds add up; more than was captured is refused, as PayPal does.
    const cents = (v) => Math.round(Number(v) * 100);
    const before = state.refunds
      .filter((r) => r.gateway === 'paypal' && r.charge === captured.id)
      .reduce((sum, r) => sum + cents(r.amount), 0);
    if (before + cents(amount.value) > cents(captured.amount.value))
      return ppError(res, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', 'CAPTURE_FULLY_REFUNDED');
    const entity = { id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17), status: 'COMPLETED', amount };
    state.refunds.push({ gateway: 'paypal', charge: captured.id, amount: amount.value, id: entity.id });
    if (requestId) state.idempotent.set(`paypal:${requestId}`, entity);
    return json(res, 201, entity);
  }
  const one = path.match(/^\/v2\/checkout\/orders\/([^/]+)$/);
  if (one && req.method === 'GET') {
    const order = state.ppOrders.get(one[1]);
    return order
      ? json(res, 200, publicOrder(order))
      : ppError(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
  }
  if (path === '/v1/notifications/verify-webhook-signature' && req.method === 'POST') {
    const body = JSON.parse(raw || '{}');
    const expected = paypalSignature(conf.webhookId, body.transmission_id, body.transmission_time, JSON.stringify(body.webhook_event));
    const ok = body.webhook_id === conf.webhookId && body.auth_algo === 'SHA256withRSA' && body.transmission_sig === expected;
    return json(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  }
  return ppError(res, 404, 'RESOURCE_NOT_FOUND', `No such path ${path}`);
}

const publicOrder = (order) => Object.fromEntries(Object.entries(order).filter(([k]) => !k.startsWith('_')));

function paypalApprovePage(state, res, url) {
  const token = url.searchParams.get('token') ?? '';
  const order = state.ppOrders.get(token);
  if (!order) return html(res, 404, '<p>This PayPal checkout has expired.</p>');
  const amount = order.purchase_units[0].amount;
  const link = (decision, label) => `<p><a href="/paypal/checkoutnow/decide?token=${token}&amp;decision=${decision}">${label}</a></p>`;
  return html(
    res,
    200,
    `<h1>PayPal (test)</h1><p>Pay ${escapeHtml(amount.value)} ${escapeHtml(amount.currency_code)}</p>${link('approve', 'Pay with PayPal (test)')}${link('decline', 'Pay with a declined card (test)')}${link('cancel', 'Cancel and return to the shop (test)')}`,
  );
}

function paypalDecide(state, res, url) {
  const token = url.searchParams.get('token') ?? '';
  const order = state.ppOrders.get(token);
  if (!order) return html(res, 404, '<p>This PayPal checkout has expired.</p>');
  const decision = url.searchParams.get('decision');
  if (decision === 'cancel') return redirect(res, withQuery(order._cancel, { token }));
  order.status = 'APPROVED';
  order._decline = decision === 'decline';
  order._capture = decision === 'pending' ? 'PENDING' : decision === 'capture-declined' ? 'DECLINED' : 'COMPLETED';
  return redirect(res, withQuery(order._return, { token, PayerID: 'FAKEPAYER01' }));
}

/** The fake's stand-in for PayPal's RSA signature: an HMAC over the fields PayPal signs. */
function paypalSignature(webhookId, transmissionId, time, body) {
  return hmac(`fake-paypal-cert:${webhookId}`, `${transmissionId}|${time}|${webhookId}|${crc32(body)}`);
}

/** A capture's later change (PENDING → COMPLETED or DENIED; COMPLETED → REFUNDED or REVERSED), and its webhook. */
async function paypalCaptureEvent(state, orderId, status) {
  const order = state.ppOrders.get(orderId);
  const capture = order?.purchase_units[0].payments?.captures?.[0];
  if (!capture) throw new Error(`no PayPal capture for order ${orderId}`);
  capture.status = status;
  delete capture.status_details;
  return sendPaypalEvent(state, { ...capture, supplementary_data: { related_ids: { order_id: order.id } } }, `PAYMENT.CAPTURE.${status}`);
}

async function sendPaypalEvent(state, resource, eventType = 'PAYMENT.CAPTURE.COMPLETED') {
  const conf = state.options.paypal;
  const event = {
    id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: eventType.startsWith('CHECKOUT.ORDER') ? 'checkout-order' : 'capture',
    event_type: eventType,
    summary: `Event ${eventType}`,
    resource,
  };
  const body = JSON.stringify(event);
  const transmissionId = randomBytes(16).toString('hex');
  const time = new Date().toISOString();
  return deliver(state, {
    body,
    headers: {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': paypalSignature(conf.webhookId, transmissionId, time, body),
      'paypal-cert-url': `${state.origin}/paypal/certs/fake.pem`,
      'paypal-auth-algo': 'SHA256withRSA',
    },
  });
}

function crc32(text) {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

// ---------- Flutterwave ----------

function flwError(res, status, message) {
  return json(res, status, { status: 'error', message, data: null });
}

async function flutterwave(state, req, res, path, raw) {
  const conf = state.options.flutterwave;
  if (!conf) return flwError(res, 404, 'Flutterwave is not configured in the fake.');
  const page = path.match(/^\/pay\/([^/]+)(?:\/(pay|decline|cancel|pending))?$/);
  if (page && req.method === 'GET') return flutterwavePage(state, res, decodeURIComponent(page[1]), page[2]);
  if (req.headers.authorization !== `Bearer ${conf.secretKey}`) return flwError(res, 401, 'Invalid authorization key');
  if (path === '/v3/payments' && req.method === 'POST') {
    const body = JSON.parse(raw || '{}');
    if (!body.tx_ref || !body.customer?.email || !body.redirect_url)
      return flwError(res, 400, 'tx_ref, customer.email and redirect_url are required');
    if (typeof body.amount !== 'number' || !(body.amount > 0)) return flwError(res, 400, 'amount must be a positive number');
    if (state.flwLinks.has(body.tx_ref)) return flwError(res, 400, 'Duplicate tx_ref');
    state.flwLinks.set(body.tx_ref, { ...body });
    return json(res, 200, {
      status: 'success',
      message: 'Hosted Link',
      data: { link: `${state.origin}/flutterwave/pay/${encodeURIComponent(body.tx_ref)}` },
    });
  }
  const verify = path.match(/^\/v3\/transactions\/(\d+)\/verify$/);
  if (verify && req.method === 'GET') {
    const tx = state.flwTransactions.get(Number(verify[1]));
    return tx
      ? json(res, 200, { status: 'success', message: 'Transaction fetched successfully', data: tx })
      : flwError(res, 400, 'No transaction was found for this id');
  }
  return flwError(res, 404, `No such path ${path}`);
}

async function flutterwavePage(state, res, txRef, action) {
  const link = state.flwLinks.get(txRef);
  if (!link) return html(res, 404, '<p>This payment link has expired.</p>');
  if (!action) {
    const a = (act, label) => `<p><a href="/flutterwave/pay/${encodeURIComponent(txRef)}/${act}">${label}</a></p>`;
    return html(
      res,
      200,
      `<h1>Flutterwave (test)</h1><p>Pay ${escapeHtml(link.amount)} ${escapeHtml(link.currency)}</p>${a('pay', 'Pay now (test)')}${a('decline', 'Pay with a declined card (test)')}${a('cancel', 'Cancel payment (test)')}`,
    );
  }
  if (action === 'cancel') return redirect(res, withQuery(link.redirect_url, { status: 'cancelled', tx_ref: txRef }));
  const tx = {
    id: 1_000_000 + state.flwTransactions.size + 1,
    tx_ref: txRef,
    flw_ref: `FLW-MOCK-${randomBytes(6).toString('hex')}`,
    amount: link.amount,
    charged_amount: link.amount,
    currency: link.currency,
    // A bank transfer, USSD or mobile money charge is `pending` until the bank answers.
    status: action === 'pay' ? 'successful' : action === 'pending' ? 'pending' : 'failed',
    payment_type: 'card',
    customer: { email: link.customer.email },
    created_at: new Date().toISOString(),
  };
  state.flwTransactions.set(tx.id, tx);
  const body = JSON.stringify({ event: 'charge.completed', data: tx });
  await deliver(state, { body, headers: { 'content-type': 'application/json', 'verif-hash': state.options.flutterwave.secretHash } });
  return redirect(
    res,
    withQuery(link.redirect_url, {
      status: tx.status === 'successful' ? 'successful' : tx.status === 'pending' ? 'pending' : 'failed',
      tx_ref: txRef,
      transaction_id: String(tx.id),
    }),
  );
}

// ---------- Iyzico ----------

const minorOf = (value) => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(value));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0') : Number.NaN;
};

/** Checks iyzico's IYZWSv2 header the way iyzico does; null when it is right, else the reason. */
function iyzicoAuthProblem(conf, req, path, raw) {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('IYZWSv2 ')) return 'missing IYZWSv2 authorization';
  const fields = Object.fromEntries(
    Buffer.from(header.slice(8), 'base64')
      .toString('utf8')
      .split('&')
      .map((kv) => [kv.slice(0, kv.indexOf(':')), kv.slice(kv.indexOf(':') + 1)]),
  );
  if (fields.apiKey !== conf.apiKey) return 'unknown api key';
  if (fields.randomKey !== req.headers['x-iyzi-rnd']) return 'random key does not match x-iyzi-rnd';
  if (fields.signature !== hmac(conf.secretKey, `${fields.randomKey}${path}${raw}`)) return 'bad signature';
  return null;
}

const iyzFailure = (res, errorCode, errorMessage) =>
  json(res, 200, { status: 'failure', errorCode, errorMessage, locale: 'en', systemTime: Date.now() });

async function iyzico(state, req, res, path, raw) {
  const conf = state.options.iyzico;
  if (!conf) return iyzFailure(res, '1000', 'Iyzico is not configured in the fake.');
  const page = path.match(/^\/pay\/([\w-]+)(?:\/(pay|decline))?$/);
  if (page) return iyzicoPage(state, res, page[1], page[2]);
  const problem = iyzicoAuthProblem(conf, req, path, raw);
  if (problem) return iyzFailure(res, '1001', `Authentication failed: ${problem}`);
  const body = JSON.parse(raw || '{}');
  if (path === '/payment/iyzipos/checkoutform/initialize/auth/ecom' && req.method === 'POST') {
    const items = body.basketItems ?? [];
    const sum = items.reduce((a, i) => a + minorOf(i.price), 0);
    if (!items.length || sum !== minorOf(body.price)) return iyzFailure(res, '5', 'basketItems price sum must equal price');
    if (minorOf(body.paidPrice) < minorOf(body.price)) return iyzFailure(res, '5', 'paidPrice must not be lower than price');
    for (const field of ['name', 'surname', 'email', 'identityNumber', 'registrationAddress', 'city', 'country']) {
      if (!body.buyer?.[field]) return iyzFailure(res, '5', `buyer.${field} is required`);
    }
    if (!body.callbackUrl || !body.basketId) return iyzFailure(res, '5', 'callbackUrl and basketId are required');
    const token = randomBytes(18).toString('hex');
    state.iyzForms.set(token, { ...body, token, result: null });
    return json(res, 200, {
      status: 'success',
      locale: body.locale,
      systemTime: Date.now(),
      conversationId: body.conversationId,
      token,
      checkoutFormContent: '<script>/* iyzico form (fake) */</script>',
      tokenExpireTime: 1800,
      paymentPageUrl: `${state.origin}/iyzico/pay/${token}`,
      signature: hmac(conf.secretKey, [body.conversationId, token].join(':')),
    });
  }
  if (path === '/payment/iyzipos/checkoutform/auth/ecom/detail' && req.method === 'POST') {
    const form = state.iyzForms.get(body.token);
    if (!form) return iyzFailure(res, '5201', 'Checkout form not found');
    if (!form.result) return iyzFailure(res, '5202', 'Payment not completed');
    const r = form.result;
    const paidPrice = Number(form.paidPrice);
    const price = Number(form.price);
    return json(res, 200, {
      status: 'success',
      locale: body.locale,
      systemTime: Date.now(),
      conversationId: body.conversationId,
      token: form.token,
      paymentStatus: r.paymentStatus,
      paymentId: r.paymentId,
      currency: form.currency,
      basketId: form.basketId,
      price,
      paidPrice,
      // 1: accepted; 0: held for iyzico's manual fraud review (it may still be refused); -1: refused.
      fraudStatus: r.fraudStatus,
      // iyzico signs what it answers; `forge` answers something other than what was signed (a tampered or
      // mis-signed result): 'status' reports SUCCESS over a FAILURE's signature, 'price' another paid price,
      // 'secret' signs with another key, 'missing' sends no signature.
      ...(r.forge === 'missing'
        ? {}
        : {
            signature: hmac(
              r.forge === 'secret' ? 'another-secret' : conf.secretKey,
              [
                r.forge === 'status' ? 'FAILURE' : r.paymentStatus,
                r.paymentId,
                form.currency,
                form.basketId,
                body.conversationId,
                r.forge === 'price' ? paidPrice + 1 : paidPrice,
                price,
                form.token,
              ].join(':'),
            ),
          }),
    });
  }
  return iyzFailure(res, '404', `No such path ${path}`);
}

/** paymentStatus: SUCCESS, FAILURE, INIT_THREEDS, CALLBACK_THREEDS; extra: { fraudStatus, forge }. */
function completeIyzico(state, token, outcome, extra = {}) {
  const form = state.iyzForms.get(token);
  if (!form) throw new Error(`no iyzico form ${token}`);
  form.result = {
    paymentStatus: outcome,
    paymentId: String(20_000_000 + state.iyzForms.size),
    fraudStatus: extra.fraudStatus ?? (outcome === 'SUCCESS' ? 1 : -1),
    forge: extra.forge,
  };
  return { callbackUrl: form.callbackUrl, token };
}

function iyzicoPage(state, res, token, action) {
  const form = state.iyzForms.get(token);
  if (!form) return html(res, 404, '<p>This payment form has expired.</p>');
  if (!action) {
    const a = (act, label) => `<p><a href="/iyzico/pay/${token}/${act}">${label}</a></p>`;
    return html(
      res,
      200,
      `<h1>iyzico (test)</h1><p>Pay ${escapeHtml(form.paidPrice)} ${escapeHtml(form.currency)}</p>${a('pay', 'Pay (test)')}${a('decline', 'Pay with a declined card (test)')}`,
    );
  }
  completeIyzico(state, token, action === 'pay' ? 'SUCCESS' : 'FAILURE');
  // iyzico's page posts the token to the merchant's callback URL.
  return html(
    res,
    200,
    `<form method="post" action="${escapeHtml(form.callbackUrl)}"><input type="hidden" name="token" value="${token}"><button>Return to the shop (test)</button></form>`,
  );
}

// ---------- Authorize.Net ----------

const anetAnswer = (
  res,
  body,
  ok = true,
  code = ok ? 'I00001' : 'E00007',
  text = ok ? 'Successful.' : 'User authentication failed due to invalid authentication values.',
) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(`\uFEFF${JSON.stringify({ ...body, messages: { resultCode: ok ? 'Ok' : 'Error', message: [{ code, text }] } })}`);
};

async function authorizeNet(state, req, res, path, raw) {
  const conf = state.options.authorizeNet;
  if (!conf) return anetAnswer(res, {}, false, 'E00001', 'Authorize.Net is not configured in the fake.');
  if (path === '/payment/payment' && req.method === 'POST') return authorizeNetPage(state, res, parseForm(raw).token);
  const choice = path.match(/^\/payment\/(pay|decline)$/);
  if (choice && req.method === 'POST') {
    const token = parseForm(raw).token;
    const page = state.anetPages.get(token);
    if (!page) return html(res, 404, '<p>This payment page has expired.</p>');
    payAuthorizeNet(state, token, choice[1] === 'pay');
    const back = JSON.parse(page.settings.hostedPaymentReturnOptions ?? '{}');
    return html(res, 200, `<h1>Receipt (test)</h1><p><a href="${escapeHtml(back.url)}">${escapeHtml(back.urlText ?? 'Continue')}</a></p>`);
  }
  if (path !== '/xml/v1/request.api' || req.method !== 'POST') return html(res, 404, '<p>Not found</p>');
  const body = JSON.parse(raw.replace(/^\uFEFF/, '') || '{}');
  const [name] = Object.keys(body);
  const call = body[name] ?? {};
  // Authorize.Net maps JSON onto its XML schema: merchantAuthentication must come first.
  if (Object.keys(call)[0] !== 'merchantAuthentication')
    return anetAnswer(res, {}, false, 'E00003', 'The element merchantAuthentication must come first.');
  const auth = call.merchantAuthentication;
  if (auth.name !== conf.loginId || auth.transactionKey !== conf.transactionKey) return anetAnswer(res, {}, false);
  if (name === 'getHostedPaymentPageRequest') {
    const tr = call.transactionRequest ?? {};
    if (tr.transactionType !== 'authCaptureTransaction' || !/^\d+(\.\d{1,2})?$/.test(String(tr.amount)))
      return anetAnswer(res, {}, false, 'E00015', 'The field length is invalid for Amount.');
    if (String(tr.order?.invoiceNumber ?? '').length > 20)
      return anetAnswer(res, {}, false, 'E00015', 'The field length is invalid for Invoice Number.');
    const settings = Object.fromEntries((call.hostedPaymentSettings?.setting ?? []).map((s) => [s.settingName, s.settingValue]));
    const token = randomBytes(48).toString('base64');
    state.anetPages.set(token, { token, amount: String(tr.amount), invoiceNumber: tr.order?.invoiceNumber, settings });
    return anetAnswer(res, { token });
  }
  if (name === 'getTransactionDetailsRequest') {
    const tx = state.anetTransactions.get(String(call.transId));
    if (!tx) return anetAnswer(res, {}, false, 'E00040', 'The record cannot be found.');
    return anetAnswer(res, { transaction: tx });
  }
  if (name === 'getUnsettledTransactionListRequest') {
    const list = [...state.anetTransactions.values()].reverse().map((t) => ({
      transId: t.transId,
      submitTimeUTC: t.submitTimeUTC,
      transactionStatus: t.transactionStatus,
      invoiceNumber: t.order.invoiceNumber,
      settleAmount: t.settleAmount,
    }));
    return anetAnswer(res, { transactions: list, totalNumInResultSet: list.length });
  }
  return anetAnswer(res, {}, false, 'E00003', `Unknown request ${name}`);
}

/**
 * Authorize.Net's transactionStatus values (getTransactionDetails) with the responseCode each carries
 * (1 approved, 2 declined, 3 error, 4 held for review) and whether the money was captured.
 */
const ANET_STATUSES = {
  capturedPendingSettlement: { responseCode: 1, captured: true },
  settledSuccessfully: { responseCode: 1, captured: true },
  authorizedPendingCapture: { responseCode: 1, captured: false, type: 'authOnlyTransaction' },
  voided: { responseCode: 1, captured: false },
  expired: { responseCode: 1, captured: false, type: 'authOnlyTransaction' },
  couldNotVoid: { responseCode: 1, captured: false },
  declined: { responseCode: 2, captured: false },
  generalError: { responseCode: 3, captured: false },
  communicationError: { responseCode: 3, captured: false },
  settlementError: { responseCode: 3, captured: false },
  FDSPendingReview: { responseCode: 4, captured: false },
  FDSAuthorizedPendingReview: { responseCode: 4, captured: false },
  underReview: { responseCode: 4, captured: false },
  failedReview: { responseCode: 2, captured: false },
  refundSettledSuccessfully: { responseCode: 1, captured: false, type: 'refundTransaction' },
  refundPendingSettlement: { responseCode: 1, captured: false, type: 'refundTransaction' },
};

function payAuthorizeNet(state, token, outcome) {
  const page = state.anetPages.get(token);
  if (!page) throw new Error('no Accept Hosted page for this token');
  const status = outcome === true ? 'capturedPendingSettlement' : outcome === false ? 'declined' : outcome;
  const known = ANET_STATUSES[status];
  if (!known) throw new Error(`Authorize.Net has no transactionStatus ${status}`);
  const transId = String(60_000_000_000 + state.anetTransactions.size + 1);
  const amount = Number(page.amount);
  const tx = {
    transId,
    submitTimeUTC: new Date().toISOString(),
    transactionType: known.type ?? 'authCaptureTransaction',
    transactionStatus: status,
    responseCode: known.responseCode,
    authAmount: amount,
    // Authorize.Net reports the amount an approved transaction would settle for, captured or not yet.
    settleAmount: known.responseCode === 1 ? amount : 0,
    order: { invoiceNumber: page.invoiceNumber },
  };
  state.anetTransactions.set(transId, tx);
  return tx;
}

function authorizeNetPage(state, res, token) {
  const page = state.anetPages.get(token);
  if (!page) return html(res, 400, '<p>Missing or invalid token.</p>');
  const back = JSON.parse(page.settings.hostedPaymentReturnOptions ?? '{}');
  const form = (act, label) =>
    `<form method="post" action="/authorize-net/payment/${act}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button>${label}</button></form>`;
  return html(
    res,
    200,
    `<h1>Authorize.Net (test)</h1><p>Pay ${escapeHtml(page.amount)}</p>${form('pay', 'Pay (test)')}${form('decline', 'Pay with a declined card (test)')}<p><a href="${escapeHtml(back.cancelUrl ?? '/')}">${escapeHtml(back.cancelUrlText ?? 'Cancel')}</a></p>`,
  );
}

// ---------- plumbing ----------

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseForm(raw) {
  return Object.fromEntries(new URLSearchParams(raw ?? ''));
}

function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Answers the browser's cross-origin calls (the stand-in scripts run on the shop's origin). */
function cors(res, status = 204, body) {
  res.writeHead(status, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST',
    'access-control-allow-headers': 'content-type',
    ...(body ? { 'content-type': 'application/json' } : {}),
  });
  res.end(body ? JSON.stringify(body) : undefined);
}

function html(res, status, body) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test gateway</title></head><body>${body}</body></html>`);
}

function redirect(res, location) {
  res.writeHead(302, { location });
  res.end();
}

function withQuery(base, params) {
  const u = new URL(base);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function script(res, text) {
  res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' });
  res.end(text);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const fake = await startFakePayments({
    port: Number(env.FAKE_PAYMENTS_PORT ?? 6400),
    webhookUrl: env.FAKE_PAYMENTS_WEBHOOK_URL,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
        }
      : undefined,
    razorpay: env.RAZORPAY_KEY_ID
      ? { keyId: env.RAZORPAY_KEY_ID, keySecret: env.RAZORPAY_KEY_SECRET ?? '', webhookSecret: env.RAZORPAY_WEBHOOK_SECRET }
      : undefined,
    paypal: env.PAYPAL_CLIENT_ID
      ? { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET ?? '', webhookId: env.PAYPAL_WEBHOOK_ID ?? '' }
      : undefined,
    flutterwave: env.FLUTTERWAVE_SECRET_KEY
      ? { secretKey: env.FLUTTERWAVE_SECRET_KEY, secretHash: env.FLUTTERWAVE_SECRET_HASH ?? '' }
      : undefined,
    iyzico: env.IYZICO_API_KEY ? { apiKey: env.IYZICO_API_KEY, secretKey: env.IYZICO_SECRET_KEY ?? '' } : undefined,
    authorizeNet: env.AUTHORIZE_NET_API_LOGIN_ID
      ? { loginId: env.AUTHORIZE_NET_API_LOGIN_ID, transactionKey: env.AUTHORIZE_NET_TRANSACTION_KEY ?? '' }
      : undefined,
  });
  console.log(`Fake payment gateways at ${fake.origin}`);
}
