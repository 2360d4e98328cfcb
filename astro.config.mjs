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

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), interactionDirective],
  // Sessions live in our database (src/server/users), not in Astro's filesystem store: several processes share them.
  session: false,
  security: {
    // Our own guard (src/server/http/csrf.ts) replaces Astro's: it knows PUBLIC_URL and lets Bearer API clients through.
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
        "connect-src 'self'",
        "frame-ancestors 'self'",
        "base-uri 'self'",
        "object-src 'none'",
      ],
    },
  },
  build: { inlineStylesheets: 'auto' },
  server: { port: 4321, host: '127.0.0.1' },
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  prefetch: false,
});
