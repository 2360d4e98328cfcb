import { describe, expect, it } from 'vitest';
import { analyticsIdFor, pageScriptsFor } from '@/lib/analytics';
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

  const tags = { enable_ga: false, ga_id: '', enable_gtm: true, gtm_id: 'GTM-AB12CD' };
  const custom = [
    { src: 'https://cdn.example.com/widget.js' },
    { src: 'https://chat.example.org/everywhere.js', everywhere: true },
    { src: 'http://cdn.example.com/plain-http.js', everywhere: true },
    { src: 'javascript:alert(1)', everywhere: true },
    { src: 'https://user:pw@cdn.example.com/x.js' },
    { src: '/relative.js' },
  ];

  it('gives tag manager and https operator scripts on public pages, only the everywhere ones on private pages', () => {
    expect(pageScriptsFor(tags, custom, '/blog')).toEqual([
      { src: 'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD', kind: 'gtm' },
      { src: 'https://cdn.example.com/widget.js', kind: 'custom' },
      { src: 'https://chat.example.org/everywhere.js', kind: 'custom' },
    ]);
    expect(pageScriptsFor(tags, custom, '/checkout')).toEqual([{ src: 'https://chat.example.org/everywhere.js', kind: 'custom' }]);
    expect(pageScriptsFor({ ...tags, enable_gtm: false }, [], '/blog')).toEqual([]);
    for (const id of ['', 'GTM-1', 'G-ABC123XYZ', '"><script>']) expect(pageScriptsFor({ ...tags, gtm_id: id }, [], '/blog')).toEqual([]);
  });

  it('allows in the CSP exactly the origins of the scripts a page may load', () => {
    const csp = () => new Headers({ 'content-security-policy': "default-src 'self'; connect-src 'self'; script-src 'self'" });
    const publicPage = csp();
    addAnalyticsSources(publicPage, tags, '/blog', custom);
    expect(publicPage.get('content-security-policy')).toBe(
      "default-src 'self'; connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com; script-src 'self' https://cdn.example.com https://chat.example.org https://www.googletagmanager.com",
    );
    const privatePage = csp();
    addAnalyticsSources(privatePage, tags, '/user/orders', custom);
    expect(privatePage.get('content-security-policy')).toBe(
      "default-src 'self'; connect-src 'self'; script-src 'self' https://chat.example.org",
    );
    const none = csp();
    addAnalyticsSources(none, { ...tags, enable_gtm: false }, '/blog', []);
    expect(none.get('content-security-policy')).toBe("default-src 'self'; connect-src 'self'; script-src 'self'");
  });
});
