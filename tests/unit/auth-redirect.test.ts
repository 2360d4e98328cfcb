import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirect } from '@/server/core/redirect';

describe('safeRedirect', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeRedirect('/user/orders?page=2')).toBe('/user/orders?page=2');
    expect(safeRedirect('/cart')).toBe('/cart');
  });

  it('sends anything else home', () => {
    for (const bad of [
      null,
      '',
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      '/login',
      '/register/',
      '/api/v1/user/logout',
    ]) {
      expect(safeRedirect(bad), String(bad)).toBe('/');
    }
  });

  it('carries the target along to another guest page', () => {
    expect(withRedirect('/register', '/')).toBe('/register');
    expect(withRedirect('/verify-email', '/cart', { email: 'a@b.co' })).toBe('/verify-email?email=a%40b.co&redirect=%2Fcart');
  });
});
