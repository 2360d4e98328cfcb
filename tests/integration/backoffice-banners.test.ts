import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { banners } from '@/server/db/schema';
import { settleAfterAnswer } from '@/server/core/background';
import { listApiRoutes, request } from './http';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';

/** Banners and home blocks in the back office (issue 34): create with a picture, schedule, hide, delete; the home page follows at once. */
useTestDatabase({ demo: true });

const ORIGIN = 'http://127.0.0.1:4321';
const routes = listApiRoutes();

let editor: Account;
let staff: Account;

beforeAll(async () => {
  editor = await account(['staff'], ['update:content']);
  staff = await account(['staff'], ['read:order']);
});

const jpeg = () =>
  sharp({ create: { width: 900, height: 300, channels: 3, background: '#0b7a5c' } })
    .jpeg()
    .toBuffer();

function postForm(url: string, who: Account, fields: Record<string, string>, image?: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append('image', new File([new Uint8Array(image)], 'banner.jpg', { type: 'image/jpeg' }));
  return request(routes, url, { method: 'POST', headers: { origin: ORIGIN, cookie: who.cookie, accept: 'application/json' }, body: form });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };
/** The HTTP status and the envelope of a refused request. */
const refused = async (res: Response) => ({ http: res.status, ...(await json(res)) });
const homeTitles = async () => {
  const home = (await json(await api('/api/v1/home', null))).data as { slider: { title: string }[]; banners: { title: string }[] };
  return [...home.slider, ...home.banners].map((b) => b.title);
};

const fields = (over: Record<string, string> = {}) => ({
  type: '2',
  title: 'Winter chargers',
  subtitle: 'Up to 30% off',
  source_type: '6',
  source_value: '/page/about',
  position: '1',
  shown: '1',
  ...over,
});

describe('banners', () => {
  it('a new banner with its picture shows on the home page at once; the change is audited', async () => {
    await homeTitles(); // the home page is cached now: the save must empty that cache
    const before = await lastAuditId();
    const res = await postForm('/api/v1/admin/banners', editor, fields(), await jpeg());
    expect(res.status, await res.clone().text()).toBe(200);
    const banner = (await json(res)).data;
    expect(banner).toMatchObject({ title: 'Winter chargers', type: 2, shown: true, live: true, url: '/page/about' });
    expect(banner.image).toMatch(/^\/uploads\/products\/[a-f0-9]{24}-zoom\.jpg$/);
    expect(await homeTitles()).toContain('Winter chargers');
    const audit = await auditSince(before);
    expect(audit.map((a) => [a.action, a.entity, a.entityId])).toContainEqual(['banners.save', 'banner', String(banner.id)]);

    const listed = (await json(await api('/api/v1/admin/banners', editor))).data.items as { id: number }[];
    expect(listed.map((b) => b.id)).toContain(banner.id);
  });

  it('a banner scheduled for later waits; hidden and deleted banners leave the home page', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    const created = await json(
      await postForm('/api/v1/admin/banners', editor, fields({ title: 'Next week', starts_at: later }), await jpeg()),
    );
    expect(created.data).toMatchObject({ live: false, shown: true });
    expect(await homeTitles()).not.toContain('Next week');

    const id = created.data.id as number;
    const past = new Date(Date.now() - 86_400_000).toISOString().slice(0, 16);
    const moved = await postForm(`/api/v1/admin/banners/${id}`, editor, fields({ title: 'Next week', starts_at: past }));
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await homeTitles()).toContain('Next week');

    // An unticked box is not sent: the banner is hidden.
    const { shown: _shown, ...hidden } = fields({ title: 'Next week' });
    expect((await postForm(`/api/v1/admin/banners/${id}`, editor, hidden)).status).toBe(200);
    expect(await homeTitles()).not.toContain('Next week');

    expect((await api(`/api/v1/admin/banners/${id}/delete`, editor, { body: {} })).status).toBe(200);
    expect(await getDb().select().from(banners).where(eq(banners.id, id))).toHaveLength(0);
    expect((await api(`/api/v1/admin/banners/${id}`, editor)).status).toBe(404);
    await settleAfterAnswer();
  });

  it('refuses a new banner without a picture, a javascript: link and an end before the start, in words; nothing is written', async () => {
    const count = (await getDb().select().from(banners)).length;
    const noPicture = await refused(await postForm('/api/v1/admin/banners', editor, fields()));
    expect(noPicture.http).toBe(422);
    expect(noPicture.message).toBe('Choose a picture for the banner.');
    const badLink = await refused(
      await postForm('/api/v1/admin/banners', editor, fields({ source_value: 'javascript:alert(1)' }), await jpeg()),
    );
    expect(badLink.http).toBe(422);
    expect(JSON.stringify(badLink)).toContain('A link must start with / (a page of the shop) or with https://');
    const backwards = await refused(
      await postForm('/api/v1/admin/banners', editor, fields({ starts_at: '2026-12-02T10:00', ends_at: '2026-12-01T10:00' }), await jpeg()),
    );
    expect(backwards.http).toBe(422);
    expect(JSON.stringify(backwards)).toContain('The end must be after the start');
    expect((await getDb().select().from(banners)).length).toBe(count);
  });

  it('staff without the content permission may not touch banners', async () => {
    expect((await api('/api/v1/admin/banners', staff)).status).toBe(403);
    expect((await postForm('/api/v1/admin/banners', staff, fields(), await jpeg())).status).toBe(403);
  });
});
