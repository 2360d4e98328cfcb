import { describe, expect, it } from 'vitest';
import { safeRedirect } from '@/server/core/redirect';

/** After signing in, a shopper is never sent back to a guest-only page (the bypass corpus is in issue 9's tests). */
describe('safeRedirect and guest-only pages', () => {
  it('never goes back to any guest-only page, with or without a trailing slash or a query', () => {
    for (const page of ['/login', '/register', '/forgot-password', '/reset-password', '/verify-email']) {
      for (const target of [page, `${page}/`, `${page}?email=a%40b.co`]) expect(safeRedirect(target), target).toBe('/');
    }
  });

  it('keeps pages that merely start like a guest-only page, and the hash', () => {
    expect(safeRedirect('/login-help')).toBe('/login-help');
    expect(safeRedirect('/user/profile#password')).toBe('/user/profile#password');
    expect(safeRedirect('/')).toBe('/');
  });

  it('uses the fallback it is given', () => {
    expect(safeRedirect('/login', '/user/profile')).toBe('/user/profile');
    expect(safeRedirect(undefined, '/cart')).toBe('/cart');
    expect(safeRedirect('/api/v1/user/profile', '/cart')).toBe('/cart');
  });
});
