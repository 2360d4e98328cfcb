import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ActionDef } from '@/server/core/action';
import type { QueryDef } from '@/server/core/query';
import { isPermission } from '@/server/core/policy';
import { placeOf } from '@/server/backoffice/areas';

/**
 * A back-office action or query cannot forget its permission, nor an action what it invalidates: every
 * declaration an endpoint under api/v1/admin|seller serves is read here (the runner also refuses, at run time,
 * an action without a permission inside the areas).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const AREAS = ['src/pages/api/v1/admin', 'src/pages/api/v1/seller', 'src/pages/admin', 'src/pages/seller'];
const IMPORT = /import\s*\{([^}]+)\}\s*from\s*'@\/server\/([\w/-]+\/(?:actions|queries))'/g;

function servedDeclarations(): { file: string; module: string; name: string }[] {
  const out: { file: string; module: string; name: string }[] = [];
  for (const area of AREAS) {
    const dir = path.join(ROOT, area);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (!/\.(ts|astro)$/.test(file)) continue;
      // The storefront's own paths under /seller (the spec's seller sign-up) are not the back office.
      const route = `/${area.replace(/^src\/pages\//, '')}/${file.split(path.sep).join('/')}`
        .replace(/\.(ts|astro)$/, '')
        .replace(/\/index$/, '');
      if (placeOf(route.replace(/\[[^\]]+\]/g, '1')) === null) continue;
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(IMPORT))
        for (const name of m[1]!
          .split(',')
          .map((n) => n.trim().split(/\s+as\s+/)[0]!)
          .filter(Boolean))
          out.push({ file: `${area}/${file}`, module: m[2]!, name });
    }
  }
  return out;
}

const isAction = (v: unknown): v is ActionDef => typeof v === 'object' && v !== null && 'run' in v && 'message' in v;
const isQuery = (v: unknown): v is QueryDef => typeof v === 'object' && v !== null && 'run' in v && !('message' in v);

describe('back-office declarations', () => {
  it('every action and query served in the areas names a permission of the policy; every action says what it invalidates', async () => {
    const served = servedDeclarations();
    expect(served.length).toBeGreaterThan(5);
    for (const { file, module, name } of served) {
      const mod = (await import(`@/server/${module}`)) as Record<string, unknown>;
      const decl = mod[name];
      if (!isAction(decl) && !isQuery(decl)) continue;
      // The two-factor steps are one's own account's (api/v1/user/two-factor), served to pages of both areas.
      if (decl.name.startsWith('account.')) continue;
      const auth = decl.auth as unknown;
      expect(typeof auth === 'object' && auth !== null && 'can' in auth, `${file}: ${decl.name} names no permission`).toBe(true);
      expect(isPermission((auth as { can: string }).can), `${file}: ${decl.name}`).toBe(true);
      if (isAction(decl))
        expect(Array.isArray(decl.invalidates), `${file}: ${decl.name} must say what it invalidates (invalidates: [])`).toBe(true);
    }
  });
});
