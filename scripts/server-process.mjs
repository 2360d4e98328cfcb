// How the server process is started (npm start, the bench): Node's and glibc's settings that bound its memory.
// Measured in docs/decisions/0036-memory.md; each can be replaced through the environment.

/**
 * - `--max-semi-space-size=8`: the young generation stays at 3 × 8 MB. Node sizes it from the machine's memory
 *   (128 MB committed here on a 24 GB machine) and a server's short-lived garbage does not need more.
 * - `--liftoff-only`: PGlite's WebAssembly (PostgreSQL) runs as compiled by V8's baseline compiler. The optimizing
 *   tier compiles PostgreSQL's largest functions with about 570 MB of compiler memory each time one gets hot (at the
 *   first start, again under load): that was the unexplained start-up peak of 880–1,000 MB. The baseline code
 *   answered the bench's database-bound pages at the same CPU per answer within the noise.
 * SERVER_NODE_ARGS replaces them (empty: Node's defaults).
 */
export const DEFAULT_SERVER_NODE_ARGS = '--max-semi-space-size=8 --liftoff-only';

export function serverNodeArgs(env = process.env) {
  return (env.SERVER_NODE_ARGS ?? DEFAULT_SERVER_NODE_ARGS).split(/\s+/).filter(Boolean);
}

/**
 * The server's environment: MALLOC_ARENA_MAX=2, glibc's per-thread malloc arenas (up to 8 per core, each keeping
 * what it once held) limited to two; the threads that allocate natively (PGlite's compile jobs, zlib, sharp) share them.
 */
export function serverEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
