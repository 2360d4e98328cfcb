import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestDatabase } from '../setup/db';
import { getDb, openDatabase } from '@/server/db/client';
import { languages, settings } from '@/server/db/schema';
import { invalidationState, listenForChanges } from '@/server/core/invalidation';
import { saveNavigation } from '@/server/settings/site-manage';
import { NavigationSchema } from '@/lib/schemas/settings-admin';
import { addAnalyticsSources } from '@/server/web/analytics-csp';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';

/**
 * The rest of the spec's `common` from the settings screen (issue 34): the header, footer and social link lists,
 * the payment heading, social sign-in switches, analytics, languages and the owner's scripts. Each change shows
 * in `api/v1/common` on the next request — here, and (PostgreSQL) on another process, which hears the change
 * through NOTIFY as ops-invalidation.test.ts's second process does. Bad input is refused with nothing written.
 */
const shop = useTestDatabase({ demo: true });

let owner: Account;
let staff: Account;
beforeAll(async () => {
  owner = await account(['owner']);
  staff = await account(['staff'], ['update:setting']);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };
const common = async () => (await json(await api('/api/v1/common', null))).data;
const stored = async (key: string) => (await getDb().select().from(settings).where(eq(settings.key, key)))[0]?.value;

/** A plain form's rows for one list, with its spare empty rows. */
const rows = (prefix: string, links: { title: string; slug?: string; link: string }[]) => ({
  [`${prefix}_title`]: [...links.map((l) => l.title), '', ''],
  [`${prefix}_slug`]: [...links.map((l) => l.slug ?? ''), '', ''],
  [`${prefix}_link`]: [...links.map((l) => l.link), '', ''],
});

const LINKS = {
  ...rows('header_left', [{ title: 'Track your parcel', slug: 'track', link: '/track-order' }]),
  ...rows('header_right', [
    { title: 'Sell with us', link: '/seller/register' },
    { title: 'Help', link: 'https://help.example.com/shop' },
  ]),
  ...rows('services', [{ title: 'Warranty', slug: 'warranty', link: '/page/warranty' }]),
  ...rows('about', [{ title: 'Our story', slug: 'story', link: '/page/about' }]),
  ...rows('social', [{ title: 'Mastodon', slug: 'mastodon', link: 'https://mastodon.example/@voltmart' }]),
};

const SITE = {
  payment_title: 'Pay your way',
  google_login: '1',
  facebook_login: '',
  enable_ga: '1',
  ga_id: 'g-abc1234',
  enable_gtm: '',
  gtm_id: '',
  default_language: 'en',
  languages: ['en', 'fr', 'ar'],
  custom_scripts: 'https://cdn.example.com/widget.js\nhttps://chat.example.com/x.js everywhere',
};

describe('link lists', () => {
  it('each list edited from the screen (form rows) is in common on the next request; the change is audited', async () => {
    await common(); // the settings are now kept in this process's memory
    const mark = await lastAuditId();
    const res = await api('/api/v1/admin/settings/links', owner, { body: LINKS });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await common();
    expect(after.header_links.left).toEqual([{ title: 'Track your parcel', slug: 'track', link: '/track-order' }]);
    expect(after.header_links.right.map((l: { title: string }) => l.title)).toEqual(['Sell with us', 'Help']);
    expect(after.services).toEqual([{ title: 'Warranty', slug: 'warranty', link: '/page/warranty' }]);
    expect(after.about).toEqual([{ title: 'Our story', slug: 'story', link: '/page/about' }]);
    expect(after.social).toEqual([{ title: 'Mastodon', slug: 'mastodon', link: 'https://mastodon.example/@voltmart' }]);
    expect((await auditSince(mark)).map((a) => [a.action, a.entity])).toEqual([['settings.links.save', 'settings']]);
    const back = await json(await api('/api/v1/admin/settings/links', owner));
    expect(back.data.header_right).toHaveLength(2);
  });

  it('refuses a javascript: link, an http link and a link without a title, in words; nothing is written', async () => {
    const before = await stored('header_links');
    for (const [link, message] of [
      ['javascript:alert(1)', 'A link is an address on the shop such as /page/about, or one starting with https://'],
      ['http://plain.example.com', 'A link is an address on the shop such as /page/about, or one starting with https://'],
      ['//evil.example.com', 'A link is an address on the shop such as /page/about, or one starting with https://'],
    ]) {
      const res = await api('/api/v1/admin/settings/links', owner, { body: { ...LINKS, ...rows('header_left', [{ title: 'Bad', link: link! }]) } });
      expect(res.status).toBe(422);
      expect(JSON.stringify(await json(res))).toContain(message);
    }
    const untitled = await api('/api/v1/admin/settings/links', owner, { body: { ...LINKS, ...rows('social', [{ title: '', link: '/x' }]) } });
    expect(untitled.status).toBe(422);
    expect(JSON.stringify(await json(untitled))).toContain('A link’s title is required');
    expect(await stored('header_links')).toEqual(before);
  });

  if (TEST_DB === 'postgres')
    it('another process that saves the links is heard through NOTIFY: this one shows them on its next request', async () => {
      const { url } = shop.current();
      const listener = await openDatabase({ url, pool: 2 });
      const unlisten = await listenForChanges(listener);
      await expect.poll(() => invalidationState().shared).toBe('listening');
      expect((await common()).services[0]?.title).not.toBe('Heard from afar'); // kept in this process's memory now
      // "The other process": its own connection saves as the screen's action does, then announces `settings`.
      const other = await openDatabase({ url, pool: 1 });
      const input = NavigationSchema.parse({ ...LINKS, ...rows('services', [{ title: 'Heard from afar', link: '/page/far' }]) });
      await other.db.transaction((tx) => saveNavigation(tx, input));
      const heard = invalidationState().received;
      await other.notify!('voltmart_caches', 'settings');
      await expect.poll(() => invalidationState().received, { timeout: 30_000 }).toBeGreaterThan(heard);
      expect((await common()).services[0]?.title).toBe('Heard from afar');
      await unlisten();
      await other.close();
      await listener.close();
    });
});

describe('languages, sign-in switches, analytics, payment heading and scripts', () => {
  it('saved from the screen, each is in common on the next request; the scripts’ sites join the page’s CSP', async () => {
    await common();
    const res = await api('/api/v1/admin/settings/site', owner, { body: SITE });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await common();
    expect(after.payment.title).toBe('Pay your way');
    expect(after.setting).toMatchObject({ enable_ga: true, ga_id: 'G-ABC1234', enable_gtm: false, facebook_login: false });
    expect(after.custom_scripts).toEqual([
      { src: 'https://cdn.example.com/widget.js', everywhere: false },
      { src: 'https://chat.example.com/x.js', everywhere: true },
    ]);
    expect(after.default_language).toBe('en');
    const headers = new Headers({ 'content-security-policy': "default-src 'self'; script-src 'self'" });
    addAnalyticsSources(headers, after.setting, '/', after.custom_scripts);
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self' https://cdn.example.com https://chat.example.com https://www.googletagmanager.com; connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com",
    );

    // One language fewer: it leaves the list shoppers choose from.
    const fewer = await api('/api/v1/admin/settings/site', owner, { body: { ...SITE, languages: ['en', 'fr'] } });
    expect(fewer.status).toBe(200);
    expect((await common()).languages.map((l: { code: string }) => l.code).sort()).toEqual(['en', 'fr']);
    const back = await api('/api/v1/admin/settings/site', owner, { body: SITE });
    expect(back.status).toBe(200);
    expect((await common()).languages.map((l: { code: string }) => l.code).sort()).toEqual(['ar', 'en', 'fr']);
  });

  it('refuses a bad analytics id, an http script, a default language not offered, in words; nothing is written', async () => {
    const before = [await stored('setting'), await stored('custom_scripts'), await getDb().select().from(languages)];
    for (const [body, message] of [
      [{ ...SITE, ga_id: 'UA-nope' }, 'The analytics id looks like G-XXXXXXX'],
      [{ ...SITE, custom_scripts: 'http://cdn.example.com/a.js' }, 'A script is an address starting with https://, one a line'],
      [{ ...SITE, custom_scripts: 'javascript:alert(1)' }, 'A script is an address starting with https://, one a line'],
      [{ ...SITE, default_language: 'ar', languages: ['en'] }, 'The default language must be one of the languages offered'],
    ] as const) {
      const res = await api('/api/v1/admin/settings/site', owner, { body });
      expect(res.status).toBe(422);
      expect(JSON.stringify(await json(res))).toContain(message);
    }
    expect([await stored('setting'), await stored('custom_scripts'), await getDb().select().from(languages)]).toEqual(before);
  });

  it('only the owner changes the scripts: staff may save the rest (keeping them) but not a new script list', async () => {
    const kept = await stored('custom_scripts');
    const refused = await api('/api/v1/admin/settings/site', staff, { body: { ...SITE, custom_scripts: 'https://other.example.com/z.js' } });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe('Only the owner may change the shop’s scripts.');
    const { custom_scripts: _none, ...withoutScripts } = SITE;
    const ok = await api('/api/v1/admin/settings/site', staff, { body: { ...withoutScripts, payment_title: 'We take cards' } });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await stored('custom_scripts')).toEqual(kept);
    expect((await common()).payment.title).toBe('We take cards');
  });
});
