import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `@/` is `src/`, as in tsconfig.json. */
const alias = { '@/': fileURLToPath(new URL('./src/', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Files share a worker (the module graph is loaded once per worker, not once per file: about a
          // third of the time); tests/setup/isolate.ts undoes what each changed, as for integration.
          isolate: false,
          setupFiles: ['tests/setup/isolate.ts'],
          // vitest's 5 s default is short for the CI machine (2 cores at load 20): a page rendered for the first
          // time compiles its modules. A passing test never waits for this; only a hung one does.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The middleware's one Astro import, so integration tests can run requests through it (tests/integration/http.ts).
        resolve: { alias: { ...alias, 'astro:middleware': 'astro/virtual-modules/middleware.js' } },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // `*.postgres.test.ts` need a second process on the same database (the embedded one has one owner).
          exclude: process.env.TEST_DB === 'postgres' ? [] : ['tests/integration/**/*.postgres.test.ts'],
          environment: 'node',
          // One migrated template per run (tests/setup/template.ts); each file gets its own copy (tests/setup/db.ts).
          globalSetup: ['tests/setup/template.ts'],
          // Files share a worker (PGlite's start-up is paid once); tests/setup/isolate.ts undoes what each changed.
          isolate: false,
          setupFiles: ['tests/setup/isolate.ts'],
          // Generous for the CI machine (2 cores at load 20): databases copied and migrated, pages rendered.
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
