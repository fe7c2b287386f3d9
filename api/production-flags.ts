// How production starts Node (OPS-16): `npm start` (its supervisor, api/supervisor.ts, starts the server
// with them), the Dockerfile's CMD and ENV, the systemd unit's ExecStart and Environment and
// scripts/try-production.sh carry exactly these
// (api/test/operations/production-flags.test.ts checks it), and bench/memory.ts measures the server started
// with them. docs/operations.md, "Memory", says why each is there and what it saved.

/**
 * - a young generation of 2 MB semi-spaces (Node's default grows them to 16 MB each under load);
 * - an old generation of at most 192 MB: V8 then starts collecting at half of that instead of letting the
 *   heap grow to several times the 50-60 MB it keeps alive (the limit is three times that, so a large
 *   unpaged list or export still fits).
 * - --liftoff-only: the embedded PostgreSQL (WebAssembly) runs on V8's baseline compiler only. Its optimizing
 *   compiler's work on PostgreSQL's largest functions left about 50 MB of native memory resident; the
 *   requests' latency was the same in the bench (docs/benchmarks.md, "Memory"). Nothing else in the server
 *   is WebAssembly.
 * No --enable-source-maps: it reads and keeps every loaded package's source map (about 10 MB of strings);
 * the bundle (dist/api/server.js) is not minified, so a stack trace's function names and lines still read.
 */
export const PRODUCTION_NODE_FLAGS: string[] = ['--max-semi-space-size=2', '--max-old-space-size=192', '--liftoff-only'];

/**
 * glibc's malloc gives each thread that allocates its own arena (up to 8 per core), and each keeps what it
 * once held: the threads compressing answers and compiling code left four arenas of 10-25 MB each. One
 * arena for all threads: on the single core this server is sized for, threads never allocate at the same
 * moment anyway (glibc's per-thread caches serve most small allocations without the lock).
 */
export const PRODUCTION_ENV: Record<string, string> = { MALLOC_ARENA_MAX: '1' };
