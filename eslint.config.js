// Lint: TypeScript and Astro files, plus the project's one architectural rule — code that can reach
// the browser (islands, stores, src/lib) never imports server-only code from src/server.
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

const serverOnly = {
  patterns: [
    {
      group: ['**/server/**', '**/server', '*/server/*'],
      message: 'src/server is server-only: islands, stores and src/lib must not import it (call /api/v1 instead).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-e2e/**',
      'reports/**',
      '.stryker-tmp/**',
      'node_modules/**',
      '.astro/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/islands/**', 'src/stores/**', 'src/lib/**'],
    rules: { 'no-restricted-imports': ['error', serverOnly] },
  },
);
