import { randomBytes } from 'node:crypto';
import type { APIContext } from 'astro';
import { getEnv } from '@/server/core/env';
import { GUEST_COOKIE } from '@/server/web/identity';
import { cartCountFor } from '@/server/cart/owner';
import { CART_COUNT_COOKIE } from '@/lib/cart-math';

/** The guest cookie's life: the spec's auth cookie age (section 9). */
const GUEST_MAX_AGE_S = 31_622_400;

type Handler = (ctx: APIContext) => Promise<Response>;

/**
 * Around the runner (serveAction) for the cart's routes: a guest without a token gets one (HttpOnly
 * cookie) before the action, a script's Bearer token becomes the cookie so pages show the same cart,
 * and afterwards the badge's `cart_count` cookie is written from the cart itself.
 */
export function withCartCookies(handler: Handler): Handler {
  return async (ctx) => {
    if (!ctx.locals.user) {
      const token = ctx.locals.guestToken ?? newGuestToken();
      if (!ctx.locals.guestToken) Object.assign(ctx.locals, { guestToken: token, freshGuestToken: true });
      if (ctx.cookies.get(GUEST_COOKIE)?.value !== token) setGuestCookie(ctx, token);
    }
    try {
      return await handler(ctx);
    } finally {
      // The action's own count when it gave one (the runner leaves it in locals), else the cart's now.
      setCountCookie(ctx, ctx.locals.cartCount ?? (await cartCountFor(ctx.locals).catch(() => 0)));
    }
  };
}

const newGuestToken = () => randomBytes(24).toString('base64url');

function setGuestCookie(ctx: Pick<APIContext, 'cookies'>, token: string): void {
  ctx.cookies.set(GUEST_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().SECURE_COOKIES,
    maxAge: GUEST_MAX_AGE_S,
  });
}

/** The badge's cookie (readable by the shell script; it holds only a number). */
export function setCountCookie(ctx: Pick<APIContext, 'cookies'>, count: number): void {
  if (count > 0)
    ctx.cookies.set(CART_COUNT_COOKIE, String(count), {
      path: '/',
      httpOnly: false,
      sameSite: 'lax',
      secure: getEnv().SECURE_COOKIES,
      maxAge: GUEST_MAX_AGE_S,
    });
  else ctx.cookies.delete(CART_COUNT_COOKIE, { path: '/' });
}
