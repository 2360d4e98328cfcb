import { cacheHeader } from '@/server/web/cache';
/**
 * The page shown when the error page itself fails (the spec's section 2), or when a request cannot be
 * given to the app at all (a foreign Host): a static string that needs no settings, no database and no
 * layout, so nothing in it can fail again.
 */
export function errorPageFallback(status = 500, message = 'An error occurred while showing the error page.'): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title></head>
<body><main><h1>SORRY</h1><p>${escapeHtml(message)}</p><p>${status}</p><p><a href="/">Go to homepage</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...cacheHeader('none') },
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
