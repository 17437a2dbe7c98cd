// Preloaded into the server by `npm run bench:footprint` (node --import, plain JavaScript: the built
// server runs without a TypeScript loader). It answers the benchmark over the IPC channel with the
// process's own memory figures, so the printed RSS can be split into the V8 heap, external memory
// (PGlite's WebAssembly memory is counted there) and the rest. It adds no timer and no work of its own.
import v8 from 'node:v8';

if (process.send) {
  process.on('message', (message) => {
    if (!message || message.t !== 'memory') return;
    // with `--gc` the benchmark starts node with --expose-gc: the figures after a full collection
    if (message.gc && typeof globalThis.gc === 'function') globalThis.gc();
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    process.send({
      t: 'memory',
      id: message.id,
      rss: usage.rss,
      heapTotal: usage.heapTotal,
      heapUsed: usage.heapUsed,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      code: heap.total_heap_size_executable,
      mallocedMemory: heap.malloced_memory,
    });
  });
  // the channel must not keep a server alive that is shutting down
  process.channel?.unref();
}
