import { describe, expect, it } from 'vitest';
import { getDemoPlan } from '@/server/demo/plan';
import { drawDemoImages } from '@/server/demo/draw';

// The storefront writes its own title and caption over (or beside) slides, banners and flash-sale
// pictures; words drawn into those pictures collided with that text and were cropped on phones.
describe('demo pictures the storefront writes text on', () => {
  const plan = getDemoPlan();
  const drawn = drawDemoImages();
  const paths = [...new Set([...plan.banners.map((b) => b.image), ...plan.flashSales.map((f) => f.image)])];

  it.each(paths)('%s has no words drawn in', (path) => {
    const svg = drawn.get(path);
    expect(svg, path).toBeDefined();
    expect(svg!.includes('<text'), `${path} draws text`).toBe(false);
  });
});
