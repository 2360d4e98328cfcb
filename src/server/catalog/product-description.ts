import { sanitizeStoredHtml } from '@/server/content/sanitize';

/** A product description safe to render: the shop's one stored-HTML policy (content/sanitize.ts). */
export function sanitizeDescription(html: string): string {
  return sanitizeStoredHtml(html);
}
