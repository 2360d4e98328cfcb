import { afterEach, describe, expect, it } from 'vitest';
import { clearFrontDoor, frontDoorAnswer, frontDoorKey, rememberAtFrontDoor } from '@/server/web/front-door.mjs';

/**
 * The front door (decision 0024): which requests it may answer, and that any header the app could read
 * tells two requests apart, while headers nothing reads before the page cache do not.
 */
const browser = {
  host: 'shop.test',
  accept: 'text/html',
  'accept-encoding': 'br, gzip',
  'user-agent': 'Phone/1.0',
};

describe('frontDoorKey', () => {
  it('takes only page reads without cookies, Authorization or validators', () => {
    expect(frontDoorKey('GET', '/all/phones', browser)).not.toBeNull();
    expect(frontDoorKey('HEAD', '/all/phones', browser)).toBe(frontDoorKey('GET', '/all/phones', browser));
    expect(frontDoorKey('POST', '/all/phones', browser)).toBeNull();
    expect(frontDoorKey('GET', '/api/v1/all', browser)).toBeNull();
    expect(frontDoorKey('GET', 'http://elsewhere/', browser)).toBeNull();
    expect(frontDoorKey('GET', undefined, browser)).toBeNull();
    for (const name of ['cookie', 'authorization', 'if-none-match', 'if-modified-since', 'range'])
      expect(frontDoorKey('GET', '/', { ...browser, [name]: 'x' }), name).toBeNull();
  });

  it('tells apart every header the app may read, and not the order they came in', () => {
    const key = frontDoorKey('GET', '/', browser);
    for (const [name, value] of [
      ['host', 'other.test'],
      ['accept', '*/*'],
      ['accept-encoding', 'gzip'],
      ['user-agent', 'Bot/2.0'],
      ['save-data', 'on'],
      ['language', 'ar'],
      ['cf-ipcountry', 'FR'],
      ['x-forwarded-host', 'shop.example'],
    ])
      expect(frontDoorKey('GET', '/', { ...browser, [name!]: value }), name).not.toBe(key);
    expect(frontDoorKey('GET', '/?page=2', browser)).not.toBe(key);
    const reversed = Object.fromEntries(Object.entries(browser).reverse());
    expect(frontDoorKey('GET', '/', reversed)).toBe(key);
  });

  it('ignores what nothing before the page cache reads', () => {
    const key = frontDoorKey('GET', '/', browser);
    const noisy = {
      ...browser,
      connection: 'keep-alive',
      'accept-language': 'fr-FR',
      referer: 'https://search.example/',
      'sec-fetch-mode': 'navigate',
      'sec-ch-ua': '"Chromium"',
      'x-forwarded-for': '203.0.113.9',
      'x-request-id': 'abc',
      'upgrade-insecure-requests': '1',
    };
    expect(frontDoorKey('GET', '/', noisy)).toBe(key);
  });
});

describe('the remembered answers', () => {
  afterEach(() => clearFrontDoor());

  it('are given while their kept copy lives, and forgotten after', () => {
    let alive = true;
    const answer = { status: 200, headers: { 'content-type': 'text/html' }, bytes: Buffer.from('<p>x</p>'), alive: () => alive };
    rememberAtFrontDoor('k', answer);
    expect(frontDoorAnswer('k')).toBe(answer);
    expect(frontDoorAnswer('other')).toBeNull();
    alive = false;
    expect(frontDoorAnswer('k')).toBeNull();
    alive = true;
    expect(frontDoorAnswer('k')).toBeNull();
  });

  it('are all forgotten by clearFrontDoor (an announced change)', () => {
    rememberAtFrontDoor('k', { status: 200, headers: {}, bytes: Buffer.alloc(0), alive: () => true });
    clearFrontDoor();
    expect(frontDoorAnswer('k')).toBeNull();
  });
});
