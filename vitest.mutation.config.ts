import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `@/` is `src/`, as in tsconfig.json. */
const alias = { '@/': fileURLToPath(new URL('./src/', import.meta.url)) };

/**
 * The tests Stryker runs against each mutant of the rule modules (stryker.config.mjs): the unit tests
 * of those rules and the integration tests of the rules that need a database, on in-memory PGlite.
 * One flat project (Stryker's vitest runner does not pick projects); not part of `npm test`. Each mutant reruns
 * the tests that cover it, and every integration file opens a fresh PGlite, so only the focused rule files are
 * listed (auth-throttle and sessions, slower and overlapping, still run in `npm test`).
 */
/**
 * MUTATION_TESTS (comma-separated paths) narrows a run to the files that drive the module being mutated, so a
 * one-module run (`--mutate src/server/core/policy.ts`) does not start every integration file in its dry run.
 */
const only = process.env.MUTATION_TESTS?.split(',')
  .map((p) => p.trim())
  .filter(Boolean);
/** Unit tests alone need no database template and no per-file reset (each mutant's rerun is then ~1 s, not ~15 s). */
const unitOnly = Boolean(only?.length) && only!.every((p) => p.startsWith('tests/unit/'));

export default defineConfig({
  resolve: { alias: { ...alias, 'astro:middleware': 'astro/virtual-modules/middleware.js' } },
  test: {
    include: only?.length
      ? only
      : [
          'tests/unit/price.test.ts',
          'tests/unit/price-rules.test.ts',
          'tests/unit/product-cart-rules.test.ts',
          'tests/unit/auth-csrf.test.ts',
          'tests/unit/csrf-rules.test.ts',
          'tests/unit/auth-redirect.test.ts',
          'tests/unit/redirect-rules.test.ts',
          'tests/unit/safe-redirect.test.ts',
          'tests/unit/test-routes.test.ts',
          'tests/unit/throttle-rules.test.ts',
          'tests/integration/throttle-rules.test.ts',
          'tests/integration/session-rules.test.ts',
          'tests/integration/account-lists.test.ts',
          'tests/integration/cart.test.ts',
          'tests/integration/voucher-collect.test.ts',
          'tests/integration/lists.test.ts',
          'tests/unit/checkout-math.test.ts',
          'tests/unit/payments-money.test.ts',
          'tests/integration/checkout.test.ts',
          'tests/integration/orders-stock.test.ts',
          'tests/integration/orders-rules.test.ts',
          'tests/integration/payments-stripe.test.ts',
          'tests/integration/payments-razorpay.test.ts',
          'tests/integration/payments-redirect.test.ts',
          'tests/integration/payments-settle.test.ts',
          'tests/unit/order-transitions.test.ts',
          'tests/integration/orders-life.test.ts',
          'tests/integration/orders-life-rules.test.ts',
          'tests/unit/review-rules.test.ts',
          'tests/integration/reviews-action.test.ts',
          'tests/integration/content-sellers.test.ts',
          'tests/integration/seller-signup-rules.test.ts',
          'tests/unit/policy.test.ts',
          'tests/integration/payments-states.test.ts',
          'tests/integration/payments-authorize-net.test.ts',
          'tests/integration/kept-cart-pages.test.ts',
          'tests/integration/shared-pages.test.ts',
          'tests/integration/payments-payable-rules.test.ts',
          'tests/integration/payments-cancel-rules.test.ts',
          'tests/integration/payments-returns-rules.test.ts',
          'tests/integration/mail-manage-rules.test.ts',
          // The gateways' own drivers (issue 38, run U): each module called directly, the fake gateway in-process.
          'tests/unit/payments-stripe-rules.test.ts',
          'tests/unit/payments-razorpay-rules.test.ts',
          'tests/unit/payments-paypal-rules.test.ts',
          'tests/unit/payments-flutterwave-rules.test.ts',
          'tests/unit/payments-iyzico-rules.test.ts',
          'tests/unit/payments-authorize-net-rules.test.ts',
          'tests/unit/payments-pay-page-rules.test.ts',
          'tests/integration/payments-gateway-rules.test.ts',
          'tests/integration/payments-pay-page-rules.test.ts',
          'tests/integration/payments-stray-rules.test.ts',
          // Issue 38, runs V: a rules file per module, calling it directly (docs/mutation-testing.md).
          'tests/integration/checkout-quote-rules.test.ts',
          'tests/integration/orders-place-rules.test.ts',
          'tests/unit/personal-rules.test.ts',
          'tests/integration/settings-manage-rules.test.ts',
          'tests/integration/audit-manage-rules.test.ts',
          'tests/integration/reviews-manage-rules.test.ts',
          // Issue 38, run X: which checkout a Flutterwave tx_ref names, and a gateway's payment for a cancelled checkout.
          'tests/integration/payments-flutterwave-rules.test.ts',
          'tests/integration/payments-authorize-net-rules.test.ts',
          // Issue 38, run W: PayPal's and iyzico's hand-over to the checkout, settle (and iyzico's orders) stood in.
          'tests/unit/payments-paypal-settle-rules.test.ts',
          'tests/unit/payments-iyzico-settle-rules.test.ts',
          'tests/integration/sellers-manage-rules.test.ts', // sellers/manage.ts called directly (run AD)
          'tests/integration/vouchers-manage-rules.test.ts', // vouchers/manage.ts called directly (run AD)
          // Issue 38, run AA: the back office's orders list, search, counts and one order; the seller ledger's reads.
          'tests/integration/orders-manage-rules.test.ts',
          'tests/integration/money-manage-rules.test.ts',
          // Issue 38, run AC: the staff and customers services called directly.
          'tests/integration/staff-manage-rules.test.ts',
          'tests/integration/customers-manage-rules.test.ts',
          'tests/integration/catalog-manage-rules.test.ts', // catalog/manage.ts called directly (issue 38, run AB)
          'tests/unit/catalog-manage-rules.test.ts', // catalog/manage.ts's slug and description rules, no database (run AB)
          // Issue 39: /user/orders and one order's page kept per shopper (web/kept-cart-pages.ts, run AE).
          'tests/integration/kept-orders-page.test.ts',
        ],
    environment: 'node',
    env: { TEST_DB: 'pglite' },
    // Integration files copy one migrated template database (tests/setup/template.ts), as in `npm test`.
    globalSetup: unitOnly ? [] : ['tests/setup/template.ts'],
    setupFiles: unitOnly ? [] : ['tests/setup/isolate.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
