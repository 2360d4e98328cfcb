// Unit and integration test files share a worker process (isolate: false in vitest.config.ts: PGlite's WASM
// start-up and the module graph are paid once per worker, not once per file). What a file changes in
// the process — environment variables, the validated env, per-process caches — is undone after it.
import { afterAll, beforeAll } from 'vitest';
import { resetEnv } from '@/server/core/env';
import { clearMemos } from '@/server/core/memo';
import { clearListingCounts } from '@/server/catalog/listing';

const snapshot = { ...process.env };

function forgetProcessState(): void {
  resetEnv();
  clearMemos();
  clearListingCounts();
}

// The test file's own module-level `process.env.X = …` has run by now; read it afresh.
beforeAll(forgetProcessState);

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in snapshot)) delete process.env[key];
  Object.assign(process.env, snapshot);
  forgetProcessState();
});
