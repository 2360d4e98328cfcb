// `node --import ./scripts/memory-probe.mjs scripts/serve.mjs` (the bench does): on SIGUSR2 the process appends one
// JSON line to MEMORY_PROBE_FILE saying where its memory is — resident (and its peak), V8's heap, memory held
// outside it (Buffers, ArrayBuffers) and the WebAssembly memories (PGlite's PostgreSQL), which never shrink.
import fs from 'node:fs';
import v8 from 'node:v8';

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
  fs.appendFileSync(file, JSON.stringify(line) + '\n');
});
