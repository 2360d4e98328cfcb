import type { APIRoute } from 'astro';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { blogPosts, products, staticPages } from '@/server/db/schema';
import { announceChange } from '@/server/core/invalidation';
import { getSettings, putSetting } from '@/server/settings';
import { blogPostUrl, pageUrl, productUrl } from '@/lib/urls';

/**
 * Test-only route (404 unless ENABLE_TEST_ROUTES=1) for the stored-HTML specs: `POST {kind, html}` writes
 * raw, unsanitized HTML straight into the database, as an operator's editor or an old import could:
 * `page` (the static page `xss-check`), `post` (the blog post `xss-check`) or `product` (the description
 * of the first product). Answers `{url}` of the page that renders it; forgets cached guest pages in every
 * process (announceChange).
 * `POST {kind: 'restore'}` removes that page and post and gives the product its description back.
 * `POST {kind: 'vendor_registration', on}` flips the seller-registration switch; `{kind: 'analytics', on}`
 * switches Google Analytics on with the id G-TEST12345 (or off); `{kind: 'scripts', on}` switches tag manager
 * (GTM-TEST123) and two operator scripts on (https://scripts.example.com/widget.js, and /everywhere.js marked
 * `everywhere`), or all off.
 */
/** Product descriptions as they were before a spec overwrote them (`restore` puts them back). */
const originals = new Map<number, string>();

export const POST: APIRoute = async ({ request }) => {
  if (process.env.ENABLE_TEST_ROUTES !== '1') return new Response(null, { status: 404 });
  const { kind, html, on } = (await request.json()) as {
    kind: 'page' | 'post' | 'product' | 'restore' | 'vendor_registration' | 'analytics' | 'scripts';
    html: string;
    on?: boolean;
  };
  if (kind === 'analytics') {
    await putSetting('setting', { ...(await getSettings()).setting, enable_ga: on === true, ga_id: on ? 'G-TEST12345' : '' });
    await announceChange('test');
    return Response.json({ ok: true });
  }
  if (kind === 'scripts') {
    const settings = await getSettings();
    await putSetting('setting', { ...settings.setting, enable_gtm: on === true, gtm_id: on ? 'GTM-TEST123' : '' });
    await putSetting(
      'custom_scripts',
      on
        ? [
            { src: 'https://scripts.example.com/widget.js', everywhere: false },
            { src: 'https://scripts.example.com/everywhere.js', everywhere: true },
            { src: 'http://insecure.example.com/x.js', everywhere: true },
          ]
        : [],
    );
    await announceChange('test');
    return Response.json({ ok: true });
  }
  if (kind === 'vendor_registration') {
    await putSetting('setting', { ...(await getSettings()).setting, vendor_registration: on === true });
    await announceChange('test');
    return Response.json({ ok: true });
  }
  const db = getDb();
  if (kind === 'restore') {
    await db.delete(staticPages).where(eq(staticPages.slug, 'xss-check'));
    await db.delete(blogPosts).where(eq(blogPosts.slug, 'xss-check'));
    for (const [id, description] of originals) await db.update(products).set({ description }).where(eq(products.id, id));
    originals.clear();
    await announceChange('test');
    return Response.json({ ok: true });
  }
  let url: string;
  if (kind === 'page') {
    await db
      .insert(staticPages)
      .values({ slug: 'xss-check', title: 'XSS check', content: html })
      .onConflictDoUpdate({ target: staticPages.slug, set: { content: html } });
    url = pageUrl('xss-check');
  } else if (kind === 'post') {
    await db
      .insert(blogPosts)
      .values({
        slug: 'xss-check',
        title: 'XSS check',
        excerpt: 'Stored HTML check',
        content: html,
        publishedAt: new Date(Date.now() - 86_400_000 * 3650),
      })
      .onConflictDoUpdate({ target: blogPosts.slug, set: { content: html } });
    url = blogPostUrl({ slug: 'xss-check' });
  } else {
    const [first] = await db
      .select({ id: products.id, slug: products.slug, description: products.description })
      .from(products)
      .where(eq(products.status, 1))
      .orderBy(asc(products.id))
      .limit(1);
    if (!originals.has(first!.id)) originals.set(first!.id, first!.description);
    await db.update(products).set({ description: html }).where(eq(products.id, first!.id));
    url = productUrl(first!);
  }
  await announceChange('test');
  return Response.json({ url });
};
