import { startAstroRenderer, type AstroRenderer } from '../unit/astro-render';
import { getDatabase } from '@/server/db/client';
import type { SessionUser } from '@/server/core/actor';
import type { Account } from './backoffice-fixtures';

/** Astro's renderer on this worker's database, with React islands: pages drawn as the server does, without a browser. */
export async function startPageRenderer(): Promise<AstroRenderer> {
  const renderer = await startAstroRenderer();
  (await renderer.module('/src/server/db/client.ts')).setDatabase(getDatabase());
  const react = (await renderer.module('@astrojs/react/server.js')).default;
  renderer.container.addServerRenderer({ name: '@astrojs/react', renderer: react });
  return renderer;
}

/** The signed-in owner as the middleware hands it to a page. */
export const ownerOf = (owner: Account): SessionUser => ({
  id: owner.id,
  name: 'Owner',
  email: 'owner@example.com',
  roles: ['owner'],
  permissions: [],
  twoFactor: false,
});
