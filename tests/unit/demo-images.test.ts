import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getDemoPlan } from '@/server/demo/plan';
import { DEMO_SETTINGS } from '@/server/demo/data/settings';
import { blogCover, brandLogo, categoryIcon, PAYMENT_IMAGE, REVIEW_PHOTOS, storeBanner, storeLogo } from '@/server/demo/data/images';
import { collectDemoPaths, drawDemoImages } from '@/server/demo/draw';

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
const PRODUCT_LIMIT = 4096;
const OTHER_LIMIT = 4096;

/** Every /demo path the seed writes into the database: strings in the plan and settings, plus those built from slugs. */
function referencedPaths(): Set<string> {
  const plan = getDemoPlan();
  const out = collectDemoPaths([plan, DEMO_SETTINGS]);
  for (const b of plan.brands) out.add(brandLogo(b.slug));
  for (const s of plan.stores) out.add(storeLogo(s.slug)).add(storeBanner(s.slug));
  for (const c of plan.categories) out.add(categoryIcon(c.slug));
  // insert-extras.ts writes this path for each collection.
  for (const c of plan.collections) out.add(`/demo/banners/${c.slug}.svg`);
  for (const p of plan.posts) out.add(blogCover(p.slug));
  for (const p of [PAYMENT_IMAGE, ...REVIEW_PHOTOS]) out.add(p);
  return out;
}

/** What is wrong with an SVG document, as a list of reasons (empty when it is fine). */
function problemsOf(svg: string): string[] {
  const problems: string[] = [];
  if (!svg.startsWith('<svg ')) problems.push('does not start with <svg');
  if (!/^<svg [^>]*viewBox="0 0 \d+ \d+"/.test(svg)) problems.push('no viewBox on the root');
  if (!/^<svg [^>]*width="\d+" height="\d+"/.test(svg)) problems.push('no width and height on the root');
  if (!/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg)) problems.push('no SVG namespace');
  if (!/<title>[^<]+<\/title>/.test(svg)) problems.push('no <title>');
  if (/<script/i.test(svg)) problems.push('has a script');
  if (/\son\w+=/i.test(svg)) problems.push('has an event handler');
  if (/href="http/i.test(svg) || /url\((?!#)/.test(svg) || /@import/.test(svg)) problems.push('refers to something outside the file');
  if (svg.replace('xmlns="http://www.w3.org/2000/svg"', '').includes('http')) problems.push('contains a URL');
  const stack: string[] = [];
  for (const [, close, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (close) {
      if (stack.pop() !== name) problems.push(`</${name}> closes the wrong element`);
    } else if (!selfClosing) stack.push(name!);
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(', ')}`);
  if (!svg.trimEnd().endsWith('</svg>')) problems.push('does not end with </svg>');
  return problems;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => `/${relative(publicDir, join(e.parentPath, e.name)).split(sep).join('/')}`);
}

describe('demo pictures in public/demo', () => {
  const referenced = [...referencedPaths()].sort();

  it('finds the pictures the demo refers to', () => {
    expect(referenced.length).toBeGreaterThan(200);
    expect(referenced).toContain('/demo/products/charger-black.svg');
    expect(referenced).toContain(DEMO_SETTINGS.popup_banner.image);
  });

  it('has a small, self-contained, well-formed SVG for every referenced path', () => {
    const failures: string[] = [];
    for (const path of referenced) {
      if (!/^\/demo\/[a-z0-9-]+\/[a-z0-9-]+\.svg$/.test(path)) {
        failures.push(`${path}: not a plain /demo/<folder>/<name>.svg path`);
        continue;
      }
      let svg: string;
      try {
        svg = readFileSync(join(publicDir, path), 'utf8');
      } catch {
        failures.push(`${path}: missing (run npm run demo-images)`);
        continue;
      }
      const limit = path.startsWith('/demo/products/') ? PRODUCT_LIMIT : OTHER_LIMIT;
      if (Buffer.byteLength(svg) > limit) failures.push(`${path}: ${Buffer.byteLength(svg)} bytes, over ${limit}`);
      failures.push(...problemsOf(svg).map((p) => `${path}: ${p}`));
    }
    expect(failures).toEqual([]);
  });

  it('matches the generator exactly, with no stray files', () => {
    const drawn = drawDemoImages();
    expect(listFiles(join(publicDir, 'demo')).sort()).toEqual([...drawn.keys()].sort());
    const stale = [...drawn].filter(([path, svg]) => readFileSync(join(publicDir, path), 'utf8') !== svg).map(([path]) => path);
    expect(stale, 'files differ from the drawings: run npm run demo-images').toEqual([]);
  });

  it('draws the same pictures on every run', () => {
    expect(drawDemoImages()).toEqual(drawDemoImages());
  });

  it('rejects broken or unsafe SVG', () => {
    const good = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10"><title>x</title><g><rect/></g></svg>';
    expect(problemsOf(good)).toEqual([]);
    expect(problemsOf(good.replace('<rect/>', '<rect>'))).not.toEqual([]);
    expect(problemsOf(good.replace('<rect/>', '<script>alert(1)</script>'))).toContain('has a script');
    expect(problemsOf(good.replace('<rect/>', '<image href="https://example.com/a.png"/>'))).toContain(
      'refers to something outside the file',
    );
    expect(problemsOf(good.replace(' viewBox="0 0 10 10"', ''))).toContain('no viewBox on the root');
  });
});
