import { describe, expect, it } from 'vitest';
import { analyticsIdFor } from '@/lib/analytics';
import { addAnalyticsSources } from '@/server/web/analytics-csp';

const on = { enable_ga: true, ga_id: 'G-ABC123XYZ' };

describe('analytics from settings', () => {
  it('gives the id on public pages only when switched on with a real id', () => {
    expect(analyticsIdFor(on, '/blog')).toBe('G-ABC123XYZ');
    expect(analyticsIdFor({ ...on, enable_ga: false }, '/blog')).toBeNull();
    for (const id of ['', 'G-1', '"><script>', 'GTM-ABCDE']) expect(analyticsIdFor({ ...on, ga_id: id }, '/blog')).toBeNull();
  });
  it('never loads on account, cart, checkout or sign-in pages', () => {
    for (const p of ['/user/profile', '/cart', '/checkout', '/login', '/register', '/seller/register'])
      expect(analyticsIdFor(on, p)).toBeNull();
  });
  it('adds Google to script-src and connect-src only where it may load', () => {
    const headers = new Headers({ 'content-security-policy': "default-src 'self'; connect-src 'self'; script-src 'self' 'sha256-x'" });
    addAnalyticsSources(headers, on, '/user/profile');
    expect(headers.get('content-security-policy')).not.toContain('google');
    addAnalyticsSources(headers, on, '/blog');
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'self'; connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com; script-src 'self' 'sha256-x' https://www.googletagmanager.com",
    );
  });
});
