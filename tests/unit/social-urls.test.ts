import { describe, expect, it } from 'vitest';
import { sameOriginPath, socialLoginUrl } from '@/lib/social';
import { SocialRedirectQuerySchema } from '@/lib/schemas/social';

describe('sameOriginPath', () => {
  it('keeps paths on this site with their query and fragment', () => {
    expect(sameOriginPath('/cart')).toBe('/cart');
    expect(sameOriginPath('/search?q=usb%20c#top')).toBe('/search?q=usb%20c#top');
    expect(sameOriginPath('/a/../user/orders')).toBe('/user/orders');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil',
      'javascript:alert(1)',
      'cart',
      '/\tx',
      '',
      null,
      42,
    ]) {
      expect(sameOriginPath(bad), String(bad)).toBeNull();
    }
    expect(sameOriginPath(`/${'x'.repeat(1000)}`)).toBeNull();
  });
});

describe('socialLoginUrl', () => {
  it('points at the redirect endpoint, carrying a safe return path only', () => {
    expect(socialLoginUrl('google')).toBe('/api/v1/user/social-login/redirect?provider=google');
    expect(socialLoginUrl('facebook', '/cart?step=2')).toBe(
      '/api/v1/user/social-login/redirect?provider=facebook&redirect=%2Fcart%3Fstep%3D2',
    );
    expect(socialLoginUrl('google', 'https://evil.example')).toBe('/api/v1/user/social-login/redirect?provider=google');
  });
});

describe('SocialRedirectQuerySchema', () => {
  it('names the providers when the query is wrong, and defaults the return path to /', () => {
    expect(SocialRedirectQuerySchema.safeParse({ provider: 'twitter' }).error?.issues[0]?.message).toBe(
      'Choose Google or Facebook to sign in.',
    );
    expect(SocialRedirectQuerySchema.safeParse({}).error?.issues[0]?.message).toBe('Choose Google or Facebook to sign in.');
    expect(SocialRedirectQuerySchema.parse({ provider: 'google', redirect: '//evil' })).toEqual({ provider: 'google', redirect: '/' });
    expect(SocialRedirectQuerySchema.parse({ provider: 'facebook', redirect: '/user/orders' }).redirect).toBe('/user/orders');
  });
});
