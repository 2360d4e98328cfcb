/**
 * Iyzico (method 6), Checkout Form over its documented API: `checkoutform/initialize` gives a token and
 * iyzico's hosted payment page; iyzico then POSTs the token to `/payment-return/iyzico/{orderId}`, and we
 * `retrieve` the form's result (`checkoutform/auth/ecom/detail`), check its response signature, and settle.
 * Every request is signed with IYZWSv2: HMAC-SHA256(secret, randomKey + path + body), sent base64 as
 * `apiKey:…&randomKey:…&signature:…`. Why not the `iyzipay` SDK: docs/decisions/0018-payment-gateways.md.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import type { PaymentProvider, PaymentRequest } from '@/server/payments/provider';
import { settlePayment, type SettleResult } from '@/server/payments/settle';
import { BAD_SIGNATURE, hmacSha256, sameSignature } from '@/server/payments/signature';
import { toDecimal, toMinor } from '@/server/payments/money';
import { gatewayFetch, returnRoute } from '@/server/payments/http';
import { log } from '@/server/core/logger.mjs';
import { gatewayEnv } from '@/server/payments/stored-keys';

type Env = NodeJS.ProcessEnv;

export const iyzicoKeys = (env: Env = gatewayEnv()) => ({
  apiKey: env.IYZICO_API_KEY?.trim() || null,
  secretKey: env.IYZICO_SECRET_KEY?.trim() || null,
});

/** iyzico's live API (IYZICO_MODE=live) or its sandbox; (tests only) IYZICO_API_BASE. */
export function iyzicoBase(env: Env = gatewayEnv()): string {
  const base = env.IYZICO_API_BASE?.trim();
  if (base) return base.replace(/\/$/, '');
  return env.IYZICO_MODE?.trim() === 'live' ? 'https://api.iyzipay.com' : 'https://sandbox-api.iyzipay.com';
}

/** The IYZWSv2 Authorization header for one request. */
export function iyzicoAuthorization(apiKey: string, secretKey: string, randomKey: string, path: string, body: string): string {
  const signature = hmacSha256(secretKey, `${randomKey}${path}${body}`);
  return `IYZWSv2 ${Buffer.from(`apiKey:${apiKey}&randomKey:${randomKey}&signature:${signature}`).toString('base64')}`;
}

async function api<T>(path: string, payload: unknown): Promise<T> {
  const { apiKey, secretKey } = iyzicoKeys();
  if (!apiKey || !secretKey) throw new AppError({ code: 'UNAVAILABLE', message: 'Iyzico is not available right now.' });
  const body = JSON.stringify(payload);
  const randomKey = `${Date.now()}${randomBytes(6).toString('hex')}`;
  return gatewayFetch<T>('Iyzico', `${iyzicoBase()}${path}`, {
    method: 'POST',
    headers: {
      authorization: iyzicoAuthorization(apiKey, secretKey, randomKey, path, body),
      'x-iyzi-rnd': randomKey,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body,
  });
}

interface AddressLike {
  name?: string;
  phone?: string;
  city?: string;
  country?: string;
  address_1?: string;
  zip?: string;
}

/** Buyer and addresses from the checkout's orders (iyzico requires them); placeholders where checkout stored none. */
async function buyerOf(request: PaymentRequest) {
  const rows = await getDb()
    .select({ id: orders.id, total: orders.total, shipping: orders.shippingAddress, billing: orders.billingAddress, userId: orders.userId })
    .from(orders)
    .where(eq(orders.orderNo, request.orderNo))
    .orderBy(asc(orders.id));
  const first = rows[0];
  const billing = ((first?.billing ?? first?.shipping) as AddressLike | null) ?? {};
  const shipping = ((first?.shipping ?? first?.billing) as AddressLike | null) ?? {};
  const [name = 'Customer', ...rest] = (billing.name ?? request.email.split('@')[0] ?? 'Customer').trim().split(/\s+/);
  const address = (a: AddressLike) => ({
    contactName: a.name ?? `${name} ${rest.join(' ')}`.trim(),
    city: a.city ?? 'N/A',
    country: a.country ?? 'N/A',
    address: a.address_1 ?? 'N/A',
    ...(a.zip ? { zipCode: a.zip } : {}),
  });
  return {
    rows,
    buyer: {
      id: String(first?.userId ?? request.orderId),
      name,
      surname: rest.join(' ') || name,
      email: request.email,
      // iyzico requires a national identity number; the shop does not collect one (see the README).
      identityNumber: '11111111111',
      registrationAddress: billing.address_1 ?? 'N/A',
      city: billing.city ?? 'N/A',
      country: billing.country ?? 'N/A',
      ...(billing.phone ? { gsmNumber: billing.phone } : {}),
    },
    billingAddress: address(billing),
    shippingAddress: address(shipping),
  };
}

export const iyzicoProvider: PaymentProvider = {
  method: 6,
  gateway: 'iyzico',
  configured(env = gatewayEnv()) {
    const keys = iyzicoKeys(env);
    return Boolean(keys.apiKey && keys.secretKey);
  },
  async start(request: PaymentRequest) {
    const who = await buyerOf(request);
    const price = toDecimal(request.amount, request.currency);
    // One basket line per store order; their prices add up to the whole, as iyzico checks.
    const lines = who.rows.length ? who.rows : [{ id: request.orderId, total: request.amount }];
    const answer = await api<{ status: string; token?: string; paymentPageUrl?: string; errorMessage?: string }>(
      '/payment/iyzipos/checkoutform/initialize/auth/ecom',
      {
        locale: 'en',
        conversationId: request.orderNo,
        price,
        paidPrice: price,
        currency: request.currency.toUpperCase(),
        basketId: request.orderNo,
        paymentGroup: 'PRODUCT',
        callbackUrl: returnRoute(request, 'iyzico'),
        enabledInstallments: [1],
        buyer: who.buyer,
        shippingAddress: who.shippingAddress,
        billingAddress: who.billingAddress,
        basketItems: lines.map((o) => ({
          id: String(o.id),
          name: request.description.slice(0, 100),
          category1: 'Electronics',
          itemType: 'PHYSICAL',
          price: toDecimal(lines.length === 1 ? request.amount : o.total, request.currency),
        })),
      },
    );
    if (answer.status !== 'success' || !answer.token || !answer.paymentPageUrl) {
      log.error({ reason: answer.errorMessage ?? answer.status }, 'payments: iyzico refused the checkout form');
      throw new AppError({ code: 'UNAVAILABLE', message: 'Iyzico did not answer with a page to pay on.' });
    }
    return { kind: 'redirect', reference: answer.token, url: answer.paymentPageUrl };
  },
};

interface IyzicoResult {
  status: string;
  paymentStatus?: string;
  paymentId?: string;
  currency?: string;
  basketId?: string;
  conversationId?: string;
  paidPrice?: number | string;
  price?: number | string;
  token?: string;
  /** iyzico's fraud check: 1 accepted, 0 held for manual review (may still be refused), -1 refused. */
  fraudStatus?: number | string;
  signature?: string;
}

/**
 * iyzico posted the form's token back: retrieve the result with our keys, check iyzico's signature over
 * it (HMAC-SHA256 of paymentStatus:paymentId:currency:basketId:conversationId:paidPrice:price:token), settle:
 * paid only for paymentStatus SUCCESS with fraudStatus 1 (iyzico: proceed if and only if the fraud check accepts).
 */
export async function handleIyzicoReturn(token: string | null): Promise<SettleResult | null> {
  if (!token) return null;
  if (!/^[\w-]{8,100}$/.test(token)) throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  const result = await api<IyzicoResult>('/payment/iyzipos/checkoutform/auth/ecom/detail', { locale: 'en', conversationId: token, token });
  if (result.status !== 'success') throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  const signed = [
    result.paymentStatus,
    result.paymentId,
    result.currency,
    result.basketId,
    result.conversationId,
    result.paidPrice,
    result.price,
    result.token,
  ]
    .map((v) => (v === undefined ? '' : String(v)))
    .join(':');
  if (!sameSignature(hmacSha256(iyzicoKeys().secretKey!, signed), result.signature) || result.token !== token) {
    throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  }
  const currency = result.currency ?? '';
  return settlePayment({
    gateway: 'iyzico',
    reference: token,
    orderNo: result.basketId,
    amount: toMinor(String(result.paidPrice ?? ''), currency),
    currency,
    // Paid only when iyzico took the money AND its fraud check accepted it: a payment held for review (0) may
    // still be refused, so the order waits unpaid (the operator confirms it by hand once iyzico approves).
    outcome: result.paymentStatus === 'SUCCESS' && Number(result.fraudStatus) === 1 ? 'paid' : 'failed',
  });
}
