import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/** The layers' import rules (eslint.config.js, docs/decisions/0013-layers.md), checked on probe files. */
const eslint = new ESLint({ cwd: process.cwd() });
const ruleErrors = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('layer rules', () => {
  it('refuse Astro and the web layer in a domain', async () => {
    const errors = await ruleErrors(
      'src/server/catalog/probe.ts',
      "import type { APIContext } from 'astro';\nimport { ok } from '@/server/web/envelope';\nexport const f = (c: APIContext) => ok(c);\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('only src/server/web/ knows Astro');
    expect(errors[1]).toContain('never imports the web layer');
  }, 60_000);

  it('let the web layer use Astro and the domains', async () => {
    const code =
      "import type { APIContext } from 'astro';\nimport { getDb } from '@/server/db/client';\nexport const f = (c: APIContext) => [c, getDb];\n";
    expect(await ruleErrors('src/server/web/probe.ts', code)).toEqual([]);
  }, 60_000);

  it('keep browser code out of the server, the web layer included', async () => {
    const code = "import { enhanceToast } from '@/islands/shell/toast-view';\nexport const f = enhanceToast;\n";
    for (const file of ['src/server/web/probe.ts', 'src/server/catalog/probe.ts']) {
      const errors = await ruleErrors(file, code);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toContain('never imports browser code');
    }
  }, 60_000);

  it('keep src/server out of browser code', async () => {
    const errors = await ruleErrors('src/islands/cart/probe.ts', "import { getDb } from '@/server/db/client';\nexport const f = getDb;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('server-only');
  }, 60_000);

  it('keep src/server out of the <script> of an Astro component', async () => {
    const code =
      "---\nconst a = 1;\n---\n<p>{a}</p>\n<script>\n  import { getDb } from '@/server/db/client';\n  console.log(getDb);\n</script>\n";
    const errors = await ruleErrors('src/components/Probe.astro', code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('server-only');
  }, 60_000);
});
