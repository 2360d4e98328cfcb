import { describe, expect, it } from 'vitest';
import { cookieNoticeDismissedIn } from '@/server/web/cookie-notice';

const withCookie = (cookie?: string) => new Request('http://shop.test/', { headers: cookie ? { cookie } : {} });

describe('the cookie notice closed without JavaScript', () => {
  it('is read from the Cookie header, exactly', () => {
    expect(cookieNoticeDismissedIn(withCookie('a=1; frontend_cookie_notice=dismissed'))).toBe(true);
    expect(cookieNoticeDismissedIn(withCookie('frontend_cookie_notice=dismissed'))).toBe(true);
    expect(cookieNoticeDismissedIn(withCookie('frontend_cookie_notice=other'))).toBe(false);
    expect(cookieNoticeDismissedIn(withCookie('x_frontend_cookie_notice=dismissed'))).toBe(false);
    expect(cookieNoticeDismissedIn(withCookie())).toBe(false);
  });
});
