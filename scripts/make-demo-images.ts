// `npm run demo-images`: draws every picture the demo shop refers to into public/demo (SVG, deterministic).
// Files under public/demo that the demo no longer uses are removed, so the folder matches the plan.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawDemoImages } from '../src/server/demo/draw';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
const demoDir = join(publicDir, 'demo');

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const images = drawDemoImages();
const wanted = new Set([...images.keys()].map((path) => join(publicDir, path)));
for (const stale of (await listFiles(demoDir)).filter((f) => !wanted.has(f))) await rm(stale);
let bytes = 0;
for (const [path, svg] of images) {
  const file = join(publicDir, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, svg);
  bytes += Buffer.byteLength(svg);
}
console.log(`Wrote ${images.size} pictures (${Math.round(bytes / 1024)} KB) to ${relative(process.cwd(), demoDir) || demoDir}`);
