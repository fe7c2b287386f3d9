import './umask';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from './production-flags';
import { supervise } from './supervise';

// OPS-22: `npm start` runs this (dist/api/supervisor.js) after the build. It starts the server beside it
// with exactly production's Node flags and environment (OPS-16), starts it again when it dies, and stops it
// gracefully on SIGTERM or SIGINT, then exits 0. The systemd unit and the container image run the server
// directly, with their own restart policy (docs/operations.md, "What the supervisor does").
const supervisor = supervise({
  command: process.execPath,
  args: [...PRODUCTION_NODE_FLAGS, fileURLToPath(new URL('./server.js', import.meta.url))],
  env: { ...process.env, ...PRODUCTION_ENV },
  write: (line) => process.stdout.write(`${line}\n`),
  stderr: (chunk) => process.stderr.write(chunk),
});
process.on('SIGTERM', () => supervisor.stop('SIGTERM'));
process.on('SIGINT', () => supervisor.stop('SIGINT'));
process.exit(await supervisor.done);
