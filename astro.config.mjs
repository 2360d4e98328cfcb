// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
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
