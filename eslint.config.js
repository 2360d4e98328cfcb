// Lint: TypeScript and Astro files, plus the layers' rules (docs/decisions/0013-layers.md): code that can
// reach the browser (islands, stores, src/lib) never imports server-only code from src/server, and the
// domains (everything in src/server but web/) never import Astro or the web layer.
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

/** Server code never reaches into browser code: what both sides need lives in src/lib. */
const noIslands = {
  group: ['@/islands/*', '@/islands', '**/islands/*'],
  message: 'Server code never imports browser code: share it through src/lib.',
};

const webOnly = {
  paths: [{ name: 'astro', message: 'Domains are plain functions: only src/server/web/ knows Astro.' }],
  patterns: [
    { group: ['astro/*', 'astro:*'], message: 'Domains are plain functions: only src/server/web/ knows Astro.' },
    {
      group: ['@/server/web', '@/server/web/*', '**/web/*', '**/web'],
      message: 'A domain never imports the web layer: take plain values (an Actor, an id) instead of a request.',
    },
    noIslands,
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-e2e/**',
      'reports/**',
      '.stryker-tmp*/**',
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
    // Browser code: islands, stores, shared lib, and the <script> blocks of Astro components.
    files: ['src/islands/**', 'src/stores/**', 'src/lib/**', 'src/**/*.astro/*.ts', 'src/**/*.astro/*.js'],
    rules: { 'no-restricted-imports': ['error', serverOnly] },
  },
  {
    files: ['src/server/web/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noIslands] }] },
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/web/**'],
    rules: { 'no-restricted-imports': ['error', webOnly] },
  },
);
