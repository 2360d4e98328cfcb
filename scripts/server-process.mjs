// How the server process is started (npm start, the bench): Node's and glibc's settings that bound its memory.
// Measured in docs/decisions/0036-memory.md; each can be replaced through the environment.

/**
 * - `--max-semi-space-size=8`: the young generation stays at 3 × 8 MB. Node sizes it from the machine's memory
 *   (128 MB committed here on a 24 GB machine) and a server's short-lived garbage does not need more.
 * - `--liftoff-only`: PGlite's WebAssembly (PostgreSQL) runs as compiled by V8's baseline compiler. The optimizing
 *   tier compiles PostgreSQL's largest functions with about 570 MB of compiler memory each time one gets hot (at the
 *   first start, again under load): that was the unexplained start-up peak of 880–1,000 MB. The baseline code
 *   answered the bench's database-bound pages at the same CPU per answer within the noise.
 * - `--heap-growing-percent=25`: after a full collection V8 lets the old generation grow by 25 % of what survived
 *   before the next one, not by its own factor (up to 4× under a busy server's allocation): the bench's load left
 *   180 MB used of 199 committed with 58 MB alive; with it 66–74 MB used of 90–94 (55 alive), the CPU per answer
 *   the same within the noise. A soft bound: the heap still grows with what is alive (a big import), unlike
 *   `--max-old-space-size`, which stops the process.
 * SERVER_NODE_ARGS replaces them (empty: Node's defaults).
 */
export const DEFAULT_SERVER_NODE_ARGS = '--max-semi-space-size=8 --liftoff-only --heap-growing-percent=25';

export function serverNodeArgs(env = process.env) {
  return (env.SERVER_NODE_ARGS ?? DEFAULT_SERVER_NODE_ARGS).split(/\s+/).filter(Boolean);
}

/**
 * The server's environment: MALLOC_ARENA_MAX=2, glibc's per-thread malloc arenas (up to 8 per core, each keeping
 * what it once held) limited to two; the threads that allocate natively (PGlite's compile jobs, zlib, sharp) share them.
 * MALLOC_MMAP_THRESHOLD_=32768: a block of 32 KB or more is mapped on its own and given back when freed. glibc's
 * default starts at 128 KB and rises (up to 32 MB) as such blocks are freed, so a page's buffers, compression state
 * and compiler zones ended in the arenas, which only shrink from their top: the second arena stood at 64 MB, fully
 * resident, after the bench (resident after load 353–357 → 290–331 MB, the CPU per answer the same within the noise).
 */
export function serverEnv(env = process.env) {
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '32768',
  };
}
