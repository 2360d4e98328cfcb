import { z } from 'zod';
import { readInstallConfig } from '@/server/core/install-config';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);
const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every variable the server reads, validated once at boot. See .env.example. */
export const EnvSchema = z.object({
  /** `production` makes PUBLIC_URL required (links in mail must never come from a request's Host). */
  NODE_ENV: optionalText,
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * The embedded database's own page cache (PostgreSQL's shared_buffers), in MB: its bound in memory. Unset (or
   * empty): half the database's files, 32 to 160 MB (db/client.ts autoPageCacheMb).
   */
  PGLITE_SHARED_BUFFERS_MB: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(4096).optional()),
  SEED: z.enum(['demo', 'none']).default('demo'),
  /** `npm start -- --setup` (or SETUP=1): an install that is not configured yet starts the install wizard (/install). */
  SETUP: flag,
  /** Public origin of the shop (canonical URLs, mail links, OAuth callbacks). */
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Voltmart <shop@voltmart.local>'),
  /** How long a mail that cannot be sent is retried (with backoff) before it is failed for good, in hours. */
  MAIL_RETRY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** How often each server process looks for mail to send, in milliseconds (a mail queued here is kicked at once). */
  MAIL_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /** Uploads in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2…) instead of DATA_DIR/uploads. */
  S3_BUCKET: optionalText,
  /** The store's endpoint (MinIO, R2…); empty for AWS S3 itself. Path-style addressing is used with an endpoint. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Where browsers read the store's files (a CDN or the bucket's public URL); empty: the app serves them under /uploads/. */
  S3_PUBLIC_URL: optionalUrl,
  /** Largest accepted request body in bytes (JSON and forms); uploads have their own limit. */
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  /** Set when the shop is served over HTTPS (cookies get Secure). */
  SECURE_COOKIES: flag,
  /** Trust X-Forwarded-For / X-Forwarded-Host from a load balancer (the forwarded host is checked like Host). */
  TRUST_PROXY: flag,
  /** More names the shop answers to besides PUBLIC_URL's and HOST:PORT's, comma-separated (`name` or `name:port`). */
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * `off`: signed-in shoppers' catalog pages are rendered for each of them instead of being the shared
   * guest copy with their name, cart count and hearts filled in (decision 0024). For measuring; default on.
   */
  SHARED_CATALOG_HTML: z.enum(['on', 'off', '']).optional(),
  /**
   * `off`: the cart page is drawn afresh on every request instead of being kept per shopper and checked
   * against the cart's stamp (web/kept-cart-pages.ts, decision 0024). For measuring; default on.
   */
  KEEP_CART_PAGES: z.enum(['on', 'off', '']).optional(),
  /** Log one JSON line per answered request (scripts/serve.mjs); answers of 500 and above are always logged. */
  LOG_REQUESTS: flag,
  /** pino level: fatal, error, warn, info (default), debug, trace or silent (src/server/core/logger.mjs). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', '']).optional(),
  /** Regional redirect (spec section 1): visitors from this country (ISO code, read from a trusted proxy header) go to REGIONAL_REDIRECT_URL. */
  REGIONAL_REDIRECT_COUNTRY: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'REGIONAL_REDIRECT_COUNTRY must be a two-letter country code such as IN')
    .optional()
    .transform((v) => v?.toUpperCase() || undefined),
  REGIONAL_REDIRECT_URL: optionalUrl,
  /** Social login (docs/decisions/0008-social-login.md): a provider is offered when its setting is on and both are set. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  /** Tests only: send the Google / Facebook OAuth calls to a local fake provider (tests/fakes/oauth-provider.mjs). */
  OAUTH_GOOGLE_BASE_URL: optionalUrl,
  OAUTH_FACEBOOK_BASE_URL: optionalUrl,
  /**
   * Seals secrets the back office stores in the database (payment gateways' keys): 32 bytes as 64 hex digits or
   * base64 (`openssl rand -hex 32`). Without it, gateway keys can only come from the environment.
   */
  SETTINGS_KEY: optionalText,
  /** Payment gateways (docs/decisions/0018-payment-gateways.md): each is offered only when its keys are set. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_WEBHOOK_ID: optionalText,
  /** `live` uses PayPal's live API; anything else its sandbox. */
  PAYPAL_MODE: z.enum(['live', 'sandbox', '']).optional(),
  FLUTTERWAVE_PUBLIC_KEY: optionalText,
  FLUTTERWAVE_SECRET_KEY: optionalText,
  FLUTTERWAVE_SECRET_HASH: optionalText,
  IYZICO_API_KEY: optionalText,
  IYZICO_SECRET_KEY: optionalText,
  /** `live` uses iyzico's live API; anything else its sandbox. */
  IYZICO_MODE: z.enum(['live', 'sandbox', '']).optional(),
  AUTHORIZE_NET_API_LOGIN_ID: optionalText,
  AUTHORIZE_NET_TRANSACTION_KEY: optionalText,
  /** The merchant account's currency (Authorize.Net takes none per request); USD by default. */
  AUTHORIZE_NET_CURRENCY: optionalText,
  /** `live` uses Authorize.Net's production endpoints; anything else its sandbox. */
  AUTHORIZE_NET_MODE: z.enum(['live', 'sandbox', '']).optional(),
  /** Tests only: send the gateways' API calls and browser scripts to the local fake (tests/fakes/payments.mjs). */
  STRIPE_API_BASE: optionalUrl,
  STRIPE_JS_URL: optionalUrl,
  RAZORPAY_API_BASE: optionalUrl,
  RAZORPAY_CHECKOUT_URL: optionalUrl,
  PAYPAL_API_BASE: optionalUrl,
  FLUTTERWAVE_API_BASE: optionalUrl,
  IYZICO_API_BASE: optionalUrl,
  AUTHORIZE_NET_API_BASE: optionalUrl,
});

export type Env = z.infer<typeof EnvSchema>;

/** The environment cannot run a shop; the message names each bad variable and what to set. */
export class InvalidEnvError extends Error {
  override name = 'InvalidEnvError';
}

/** A real shop (NODE_ENV=production or HTTPS) must say where it lives: mail links and canonical URLs use it. */
const BootEnvSchema = EnvSchema.refine((env) => env.PUBLIC_URL || (env.NODE_ENV !== 'production' && !env.SECURE_COOKIES), {
  path: ['PUBLIC_URL'],
  message:
    'PUBLIC_URL is required when NODE_ENV=production or SECURE_COOKIES is set: set it to the address shoppers use, e.g. PUBLIC_URL=https://shop.example.com (links in mail and canonical URLs are built from it, never from request headers).',
});

let cached: Env | undefined;

/** The validated environment; throws a readable error listing every bad variable. */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached && source === process.env) return cached;
  const parsed = BootEnvSchema.safeParse(withSavedDatabase(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new InvalidEnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (source === process.env) cached = parsed.data;
  return parsed.data;
}

/**
 * DATABASE_URL, when unset, comes from the URL the install wizard saved in DATA_DIR/voltmart.json
 * (core/install-config.ts): the environment always wins.
 */
function withSavedDatabase(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (source.DATABASE_URL) return source;
  const saved = readInstallConfig(source.DATA_DIR || './data').database_url;
  return saved ? { ...source, DATABASE_URL: saved } : source;
}

/** Forgets the validated environment so the next getEnv() reads process.env again (tests). */
export function resetEnv(): void {
  cached = undefined;
}
