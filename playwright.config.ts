import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium (/usr/bin/chromium) against the built app, served by
 * scripts/serve.mjs on a scratch data directory that gets the demo shop. Never a downloaded browser.
 * Build first (`npm run build:e2e`, the build with /test-only/*; `npm test` does it). E2E_PORT picks the port (default 4399).
 */
const port = Number(process.env.E2E_PORT ?? 4399);
/** The second shared server (lane B below): its own port and data directory, the same demo shop. */
const portB = port + 100;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The fake Google/Facebook (tests/fakes/oauth-provider.mjs) and the credentials both sides share. */
const fakeOAuthPort = port + 2000;
const fakeOAuth = `http://127.0.0.1:${fakeOAuthPort}`;
const oauthClients = {
  GOOGLE_CLIENT_ID: 'e2e-google-client.apps.example',
  GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
  FACEBOOK_CLIENT_ID: '1000000000000001',
  FACEBOOK_CLIENT_SECRET: 'e2e-facebook-secret',
};

/** The fake payment gateways (tests/fakes/payments.mjs) and the test keys both sides share. */
const fakePaymentsPort = port + 2001;
const fakePayments = `http://127.0.0.1:${fakePaymentsPort}`;
const paymentKeys = {
  STRIPE_SECRET_KEY: 'sk_test_voltmart_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_voltmart_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_voltmart_e2e',
  RAZORPAY_KEY_ID: 'rzp_test_voltmart_e2e',
  RAZORPAY_KEY_SECRET: 'rzp_secret_voltmart_e2e',
  RAZORPAY_WEBHOOK_SECRET: 'rzp_webhook_voltmart_e2e',
  PAYPAL_CLIENT_ID: 'paypal-client-voltmart-e2e',
  PAYPAL_CLIENT_SECRET: 'paypal-secret-voltmart-e2e',
  PAYPAL_WEBHOOK_ID: 'WH-VOLTMART-E2E',
  FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK_TEST-voltmart-e2e-X',
  FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-voltmart-e2e-X',
  FLUTTERWAVE_SECRET_HASH: 'voltmart-flutterwave-e2e-hash',
  IYZICO_API_KEY: 'sandbox-voltmart-iyzico-e2e',
  IYZICO_SECRET_KEY: 'sandbox-voltmart-iyzico-e2e-secret',
  AUTHORIZE_NET_API_LOGIN_ID: 'voltmart-anet-e2e',
  AUTHORIZE_NET_TRANSACTION_KEY: 'voltmart-anet-e2e-key',
};

/** Debian's Chromium, for both lanes below. */
const chromiumUse = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

/**
 * Specs that start production servers of their own (tests/e2e/platform/server-process.ts or spawn) and use
 * the shared server below for read-only requests at most. Their ports (E2E_PORT+1…+9, +50) are distinct
 * from the shared server's, and they run one at a time among themselves (restart and several-processes
 * share E2E_PORT+5, regional and restart +3, logs and crash +7).
 */
const OWN_SERVER_SPECS = [
  'checkout/crash.spec.ts',
  'content/regional.spec.ts',
  'install/wizard.spec.ts',
  'orders/orders.spec.ts',
  'platform/logs.spec.ts',
  'platform/restart.spec.ts',
  'platform/several-processes.spec.ts',
  'platform/shutdown.spec.ts',
  'platform/test-routes.spec.ts',
].map((spec) => `**/${spec}`);

/**
 * Specs that read the shop and change only what they make themselves (catalogue, search, lists, the shell): they
 * share a second server, so the two shared lanes run side by side. The payment and social
 * fakes call back to the first server only, and the mail of lane A's flows is read from its folder
 * (tests/e2e/fixtures/auth.ts finds a test's folder from its base URL), so those flows stay in lane A.
 */
const LANE_B_SPECS = ['shell', 'catalog', 'search', 'product', 'lists'].map((dir) => `**/${dir}/*.spec.ts`);

/**
 * A shared shop server of the end-to-end build on a scratch data directory with the demo shop, talking to the
 * fakes above. The first start builds nothing (dist-e2e is built) but migrates and loads the demo shop: minutes
 * at load 20.
 */
function sharedServer(at: number) {
  const dir = `/tmp/voltmart-e2e-${at}`;
  return {
    command: `rm -rf ${dir} && node scripts/serve.mjs --build dist-e2e`,
    url: `http://127.0.0.1:${at}/api/v1/health`,
    env: {
      PORT: String(at),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SEED: 'demo',
      ENABLE_TEST_ROUTES: '1',
      ...oauthClients,
      OAUTH_GOOGLE_BASE_URL: `${fakeOAuth}/google`,
      OAUTH_FACEBOOK_BASE_URL: `${fakeOAuth}/facebook`,
      ...paymentKeys,
      STRIPE_API_BASE: fakePayments,
      STRIPE_JS_URL: `${fakePayments}/stripe/v3/stripe.js`,
      RAZORPAY_API_BASE: `${fakePayments}/razorpay`,
      RAZORPAY_CHECKOUT_URL: `${fakePayments}/razorpay/v1/checkout.js`,
      PAYPAL_API_BASE: `${fakePayments}/paypal`,
      FLUTTERWAVE_API_BASE: `${fakePayments}/flutterwave/v3`,
      IYZICO_API_BASE: `${fakePayments}/iyzico`,
      AUTHORIZE_NET_API_BASE: `${fakePayments}/authorize-net`,
    },
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Generous for the CI machine (2 cores, load up to 20): big pages, axe and islands take seconds there.
  // A passing step never waits for these; only a failing one does.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 3,
  retries: 0,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]]
    : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // Three lanes, each one test at a time. The specs that run production servers of their own (on their own
  // ports, data directories and databases; OWN_SERVER_SPECS) never change what the shared servers hold, so
  // they run beside the rest; the rest share one of two servers below (each lane in a single file order).
  projects: [
    { name: 'chromium', testIgnore: [...OWN_SERVER_SPECS, ...LANE_B_SPECS], workers: 1, use: chromiumUse },
    {
      name: 'chromium b',
      testMatch: LANE_B_SPECS,
      testIgnore: OWN_SERVER_SPECS,
      workers: 1,
      use: { ...chromiumUse, baseURL: `http://127.0.0.1:${portB}` },
    },
    { name: 'own servers', testMatch: OWN_SERVER_SPECS, workers: 1, use: chromiumUse },
  ],
  webServer: [
    {
      command: 'node tests/fakes/oauth-provider.mjs',
      url: `${fakeOAuth}/__fake/health`,
      // The one redirect URI registered with the fake, as at the real providers: the shop's own callback.
      env: {
        FAKE_OAUTH_PORT: String(fakeOAuthPort),
        FAKE_OAUTH_REDIRECT_URIS: `http://127.0.0.1:${port}/social-callback`,
        ...oauthClients,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node tests/fakes/payments.mjs',
      url: `${fakePayments}/__fake/health`,
      // Webhooks go to the shop's order/payment-done, signed with the shop's secrets, as the real gateways do.
      env: {
        FAKE_PAYMENTS_PORT: String(fakePaymentsPort),
        FAKE_PAYMENTS_WEBHOOK_URL: `http://127.0.0.1:${port}/api/v1/order/payment-done`,
        ...paymentKeys,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    sharedServer(port),
    sharedServer(portB),
  ],
});
