// `node --import ./scripts/memory-probe.mjs scripts/serve.mjs` (the bench does): on SIGUSR2 the process appends one
// JSON line to MEMORY_PROBE_FILE saying where its memory is — resident (and its peak), V8's heap, memory held
// outside it (Buffers, ArrayBuffers) and the WebAssembly memories (PGlite's PostgreSQL), which never shrink; when
// the file `MEMORY_PROBE_FILE.collect` exists, also the heap and resident memory after a full collection.
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

// A full collection on demand, to tell the heap's live objects from garbage not yet collected (the bench asks
// for it last, after the other figures are read).
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc');

const memories = [];
const NativeMemory = WebAssembly.Memory;
/** Every WebAssembly memory made, remembered weakly, to read its size. */
function TrackedMemory(descriptor) {
  const memory = new NativeMemory(descriptor);
  memories.push(new WeakRef(memory));
  return memory;
}
TrackedMemory.prototype = NativeMemory.prototype;
WebAssembly.Memory = TrackedMemory;

const mb = (bytes) => Math.round(bytes / 1048576);

process.on('SIGUSR2', () => {
  const file = process.env.MEMORY_PROBE_FILE;
  if (!file) return;
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  let status = '';
  try {
    status = fs.readFileSync('/proc/self/status', 'utf8');
  } catch {
    /* not Linux */
  }
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  const line = {
    rss: mb(usage.rss),
    peak: Math.round(kb('VmHWM')),
    heapUsed: mb(usage.heapUsed),
    heapTotal: mb(usage.heapTotal),
    heapLimit: mb(heap.heap_size_limit),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    wasm: memories
      .map((ref) => ref.deref())
      .filter(Boolean)
      .map((m) => mb(m.buffer.byteLength)),
    newSpace: mb(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0),
  };
  if (fs.existsSync(`${file}.collect`)) {
    fs.rmSync(`${file}.collect`, { force: true });
    // Read after the line's figures: what a collection leaves (live objects) and the resident memory then.
    collect();
    line.liveHeap = mb(process.memoryUsage().heapUsed);
    line.rssAfterCollect = mb(process.memoryUsage().rss);
    line.resident = residentByKind(
      memories
        .map((ref) => ref.deref())
        .filter(Boolean)
        .map((m) => m.buffer.byteLength),
    );
  }
  fs.appendFileSync(file, JSON.stringify(line) + '\n');
});

/**
 * Resident memory by kind of mapping (Linux /proc/self/smaps): WebAssembly memories (a mapping of exactly a
 * memory's size, inside the many GB V8 reserves for it), files (Node's and the addons' code), glibc's main heap and the other anonymous mappings
 * (V8's heap spaces, malloc's arenas, thread stacks), in MB.
 */
function residentByKind(wasmSizes) {
  let text = '';
  try {
    text = fs.readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  const kinds = { wasm: 0, files: 0, mallocHeap: 0, otherAnonymous: 0 };
  let kind = null;
  for (const row of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(row);
    if (head) {
      const size = Number(BigInt(`0x${head[2]}`) - BigInt(`0x${head[1]}`));
      const name = head[3];
      kind = wasmSizes.includes(size) ? 'wasm' : name.startsWith('/') ? 'files' : name === '[heap]' ? 'mallocHeap' : 'otherAnonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(row);
    if (rss && kind) kinds[kind] += Number(rss[1]) * 1024;
  }
  return Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, mb(v)]));
}
