import '../api/umask';
import { loadConfig } from '../api/config';
import { startServer } from '../api/start';

// The product as `npm start` runs it (logs on, outbox worker on), reporting readiness to the bench.
await startServer(loadConfig({ ...process.env, NODE_ENV: 'development', ADMIN_EMAIL: 'bench@clinic.test', ADMIN_PASSWORD: 'bench-Password-2026!' }), () => {});
process.send?.('ready');
process.on('SIGTERM', () => process.exit(0)); // lets --cpu-prof (BENCH_PROFILE) write its profile
