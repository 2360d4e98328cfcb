// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

/**
 * `client:interaction`: hydrate an island on first interaction (docs/decisions/0005-hydration.md).
 * @type {import('astro').AstroIntegration}
 */
const interactionDirective = {
  name: 'voltmart:client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/islands/shell/interaction-directive.ts' });
    },
  },
};

/**
 * React's production build on the server. React picks its development or production files from
 * `process.env.NODE_ENV` when it is first loaded, and the server (`npm start`, scripts/serve.mjs) does not
 * set it (NODE_ENV=production would also demand PUBLIC_URL, src/server/core/env.ts): every island was
 * rendered by development React, which records a stack trace per element (the cart page spent ~11 % of
 * its time in `jsx`). So the built server bundles React with the variable fixed; `astro dev` keeps its own.
 * @type {import('astro').AstroIntegration}
 */
const productionReact = {
  name: 'voltmart:production-react',
  hooks: {
    'astro:config:setup': ({ command, updateConfig }) => {
      if (command !== 'build') return;
      updateConfig({
        vite: {
          // Bundled with that React, so that a library's hooks (the bulk grid's TanStack Table) meet the same copy.
          ssr: {
            noExternal: [
              'react',
              'react-dom',
              '@nanostores/react',
              '@tanstack/react-table',
              '@tanstack/react-store',
              'use-sync-external-store',
            ],
          },
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        },
      });
    },
  },
};

/**
 * The end-to-end build (`npm run build:e2e`, VOLTMART_TEST_BUILD=1) goes to dist-e2e/ with the
 * `/test-only/*` routes; the production build (`npm run build`, `npm start`) has none of them and no
 * `__VOLTMART_TEST_ROUTES__` (src/server/test-routes.ts). The routes' files live outside src/pages.
 */
const testBuild = process.env.VOLTMART_TEST_BUILD === '1';
export const TEST_ONLY_ROUTES = ['session', 'social', 'fail', 'fail-midway', 'island', 'content', 'payment-order', 'order-delivered'];

/**
 * Injects `/test-only/*` only into the end-to-end build.
 * @param {boolean} enabled
 * @returns {import('astro').AstroIntegration}
 */
export function testOnlyRoutes(enabled) {
  return {
    name: 'voltmart:test-only-routes',
    hooks: {
      'astro:config:setup': ({ injectRoute, updateConfig }) => {
        updateConfig({ vite: { define: { __VOLTMART_TEST_ROUTES__: JSON.stringify(enabled) } } });
        if (!enabled) return;
        for (const name of TEST_ONLY_ROUTES) {
          const file = name === 'fail-midway' || name === 'island' ? `${name}.astro` : `${name}.ts`;
          injectRoute({ pattern: `/test-only/${name}`, entrypoint: `./src/test-only/routes/${file}` });
        }
      },
    },
  };
}

export default defineConfig({
  output: 'server',
  outDir: testBuild ? './dist-e2e' : './dist',
  // Its own cache, so `npm test` can run both builds side by side.
  cacheDir: testBuild ? './node_modules/.astro-e2e' : './node_modules/.astro',
  // The app alone: scripts/serve.mjs is the server, and serves the built files itself.
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), interactionDirective, productionReact, testOnlyRoutes(testBuild)],
  // Sessions live in our database (src/server/users), not in Astro's filesystem store: several processes share them.
  session: false,
  security: {
    // Our own guard (src/server/http/csrf.ts) replaces Astro's: it knows PUBLIC_URL and lets Bearer API clients through.
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://www.google.com https://www.openstreetmap.org',
        "connect-src 'self'",
        "frame-ancestors 'self'",
        "base-uri 'self'",
        "object-src 'none'",
      ],
    },
  },
  build: { inlineStylesheets: 'auto' },
  vite: {
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // What every storefront page runs before any interaction in one small file instead of five: the
              // shell's on-demand loader (and Vite's preload helper it uses), the toast and cart-count stores and
              // nanostores. Each file of a few hundred bytes costs its own request and compresses poorly alone
              // (issue 39: the catalog pages' script before interaction).
              codeSplitting: {
                groups: [
                  {
                    name: 'shell-common',
                    test: /vite\/preload-helper|src\/islands\/shell\/lazy\.ts|src\/stores\/(toast|cart-count)\.ts|node_modules\/nanostores\//,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
  server: { port: 4321, host: '127.0.0.1' },
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  prefetch: false,
});
