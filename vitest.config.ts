import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        // The middleware's one Astro import, so integration tests can run requests through it (tests/integration/http.ts).
        resolve: { alias: { 'astro:middleware': 'astro/virtual-modules/middleware.js' } },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Each file gets its own fresh database (tests/setup/db.ts); PGlite start-up is the slow part.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
