// The Node flags production starts the server with (OPS-16): `npm start`, the Dockerfile's CMD and the
// systemd unit's ExecStart carry exactly these (api/test/operations/production-flags.test.ts checks it), and
// bench/memory.ts measures the server started with them. docs/operations.md "Memory" says why each is there.
export const PRODUCTION_NODE_FLAGS: string[] = ['--enable-source-maps'];

/** Environment variables production sets besides the configuration (docs/operations.md, "Memory"). */
export const PRODUCTION_ENV: Record<string, string> = {};
