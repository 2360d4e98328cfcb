import type { APIRoute } from 'astro';
import { serveProductsCsv } from '@/server/web/products-csv';

/** GET: the products list's filters as products.csv (the import's format), in the caller's scope. */
export const GET: APIRoute = (ctx) => serveProductsCsv(ctx);
