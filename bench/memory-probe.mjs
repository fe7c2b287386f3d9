// Loaded by bench/memory.ts into the measured server (`node --import ./bench/memory-probe.mjs dist/api/server.js`):
// sends the bench the process's own view of its memory over the IPC channel the bench opened, so the report
// can split the resident memory into the JavaScript heap, the WebAssembly memories (the embedded
// PostgreSQL), other memory outside the heap and the rest. It changes nothing else in the process: it only
// notes each WebAssembly.Memory created (to report its size) and runs a timer that does not keep it alive.
if (process.send) {
  const memories = [];
  const Original = WebAssembly.Memory;
  WebAssembly.Memory = new Proxy(Original, {
    construct(target, args, newTarget) {
      const memory = Reflect.construct(target, args, newTarget);
      memories.push(new WeakRef(memory));
      return memory;
    },
  });
  const every = Number(process.env.BENCH_PROBE_MS ?? 2000);
  const timer = setInterval(() => {
    const wasm = [];
    for (const ref of memories) {
      const memory = ref.deref();
      if (memory) wasm.push(memory.buffer.byteLength);
    }
    try {
      process.send?.({ probe: process.memoryUsage(), wasm });
    } catch {
      // The bench went away; the server's own shutdown follows.
    }
  }, every);
  timer.unref();
  // The channel would keep the process alive after the server's graceful stop otherwise.
  process.channel?.unref();
}
