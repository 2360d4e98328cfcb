import type { AstroCookies } from 'astro';
import { z } from 'zod';
import { getEnv } from '@/server/core/env';
import { publicOrigin } from '@/server/core/origin';
import { localPath, localPathOfUrl } from '@/lib/safe-redirect';
import { inRequestLanguage } from '@/server/web/link-language';

/**
 * A one-time message carried across a redirect (a no-JavaScript form post → 303 → the next page),
 * which the layout shows as the toast. Kept in a short-lived cookie, so it works on any process.
 */
export interface Flash {
  type: 'success' | 'error';
  message: string;
  /** A form that failed (JavaScript off): its action's name, the message per field and what was typed (never secrets). */
  form?: FlashForm;
  /** The form that failed shows the message itself, so the toast leaves it out. */
  inline?: boolean;
}

export interface FlashForm {
  id: string;
  fields: Record<string, string>;
  values: Record<string, string>;
}

const COOKIE = 'frontend_flash';
const Texts = z.record(z.string().max(60), z.string().max(600));
const FlashSchema = z.object({
  type: z.enum(['success', 'error']),
  message: z.string().min(1).max(500),
  form: z.object({ id: z.string().max(60), fields: Texts, values: Texts }).optional(),
  inline: z.boolean().optional(),
});

/** Leaves a message for the next page this browser loads. */
export function setFlash(cookies: AstroCookies, flash: Flash): void {
  cookies.set(COOKIE, JSON.stringify(FlashSchema.parse(flash)), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 60,
    secure: getEnv().SECURE_COOKIES,
  });
}

/** Reads and clears the pending message, if any. */
export function takeFlash(cookies: AstroCookies): Flash | null {
  const raw = cookies.get(COOKIE)?.value;
  if (!raw) return null;
  cookies.delete(COOKIE, { path: '/' });
  try {
    return FlashSchema.parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** True when a browser posted a plain HTML form (no JavaScript): answer with a redirect, not JSON. */
export function isFormPost(request: Request): boolean {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const form = type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
  return form && (request.headers.get('accept') ?? '').includes('text/html');
}

/** 303 to a same-origin path (the Referer by default), with a flash message for the toast. */
export function redirectWithFlash(
  ctx: { request: Request; cookies: AstroCookies; url: URL; locals?: App.Locals },
  flash: Flash,
  to?: string,
): Response {
  setFlash(ctx.cookies, flash);
  const back = safeBack(ctx, to);
  // Back to the page in the language it was in (the form's `_from`, else the request's language).
  return new Response(null, { status: 303, headers: { location: ctx.locals ? inRequestLanguage(ctx.locals, back) : back } });
}

/** `to`, else the Referer when it is a page of this shop; both through the one redirect rule. */
function safeBack(ctx: { request: Request; url: URL }, to?: string): string {
  if (to !== undefined) return localPath(to) ?? '/';
  return refererPath(ctx) ?? '/';
}

/** The page of this shop the request came from (its Referer), through the one redirect rule. */
export function refererPath(ctx: { request: Request; url: URL }): string | null {
  return localPathOfUrl(ctx.request.headers.get('referer'), [ctx.url.origin, publicOrigin()]);
}
