// `npm start`: build when there is no build (or the sources are newer), then serve.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
const { serve } = await import('./serve.mjs');
await serve().catch((err) => {
  console.error(err);
  process.exit(1);
});
