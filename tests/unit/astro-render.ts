import { createServer, type ViteDevServer } from 'vite';
import { getViteConfig } from 'astro/config';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { SettingsSchema } from '@/lib/schemas/settings';
import { getT } from '@/i18n';

/**
 * Renders Astro components on their own, with locals as the middleware would build them: an
 * Astro-aware Vite server loads the component, Astro's container renders it.
 */
export interface AstroRenderer {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  load(path: string): Promise<any>;
  /** A whole module as the rendered components see it (their own copy: e.g. to give it the test's database). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  module(path: string): Promise<any>;
  container: AstroContainer;
  close(): Promise<void>;
}

export async function startAstroRenderer(): Promise<AstroRenderer> {
  const config = await getViteConfig({ server: { middlewareMode: true }, appType: 'custom', logLevel: 'silent' })({
    command: 'serve',
    mode: 'test',
  });
  const vite: ViteDevServer = await createServer(config);
  // The shop's own directive (astro.config.mjs: client:interaction) beside Astro's: the container knows only
  // Astro's, and refuses a page that uses another. Their browser code is not what these tests read.
  const clientDirectives = new Map(
    ['idle', 'load', 'media', 'only', 'visible', 'interaction'].map((name) => [name, `/* client:${name} */`]),
  );
  const container = await AstroContainer.create({ manifest: { clientDirectives } as never });
  return {
    load: async (path) => (await vite.ssrLoadModule(path)).default,
    module: (path) => vite.ssrLoadModule(path),
    container,
    close: () => vite.close(),
  };
}

const t = await getT('en');

/** Locals as the middleware would build them for an English-speaking guest; `locals` overrides. */
export const localsWith = (locals: Partial<App.Locals> = {}): App.Locals => ({
  lang: 'en',
  languages: [{ code: 'en', name: 'English', predefined: true, direction: 'ltr', isDefault: true }],
  defaultLanguage: 'en',
  dir: 'ltr',
  saveData: false,
  settings: SettingsSchema.parse({ setting: { vendor_registration: true } }),
  user: null,
  guestToken: null,
  sessionHash: null,
  session: null,
  flash: null,
  t,
  origin: 'http://shop.test',
  ...locals,
});
