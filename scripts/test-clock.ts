import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// `npm run test:clock [-- OFFSET [vitest arguments]]` (CLINIC-12): the Vitest suite with the machine's date
// moved, by libfaketime (Debian: apt-get install -y faketime). OFFSET is libfaketime's, e.g. +365d (the
// default), +1095d, -365d. Node, the test processes, the servers they start and the embedded database follow
// the moved date; a PostgreSQL server (TEST_DATABASE_URL) keeps the real one, which also shows that the
// product reads one clock. Timers and durations stay real. Chromium does not start under libfaketime (its
// zygote hangs), so the browsers the desktop tests launch get a CHROMIUM_PATH wrapper without it and keep
// the real date: a client's clock is another machine's anyway. Not part of `npm test`: a run takes as long
// as the suite. Example: `TEST_DATABASE_URL=postgres://... npm run test:clock -- -365d --maxWorkers=2`.

const LIBRARIES = [process.env.FAKETIME_LIB, '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/faketime/libfaketime.so.1'];

const args = process.argv.slice(2);
const offset = /^[+-]\d+[smhdy]?$/.test(args[0] ?? '') ? args.shift()! : '+365d';
const library = LIBRARIES.find((f) => f && fs.existsSync(f));
if (!library) {
  process.stderr.write('libfaketime is not installed: apt-get install -y faketime (or set FAKETIME_LIB to libfaketime.so.1).\n');
  process.exit(2);
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const wrapperDir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-clock-'));
const wrapper = path.join(wrapperDir, 'chromium');
fs.writeFileSync(wrapper, `#!/bin/sh\nunset LD_PRELOAD FAKETIME FAKETIME_DONT_FAKE_MONOTONIC FAKETIME_NO_CACHE\nexec ${JSON.stringify(chromium)} "$@"\n`, { mode: 0o755 });
process.stdout.write(`Vitest with the clock moved ${offset} (libfaketime ${library}; Chromium on the real date)\n`);
const result = spawnSync('npx', ['vitest', 'run', ...args], {
  stdio: 'inherit',
  env: {
    ...process.env,
    LD_PRELOAD: [library, process.env.LD_PRELOAD].filter(Boolean).join(':'),
    FAKETIME: offset,
    // Timers, timeouts and performance.now() stay real: only the date moves.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    FAKETIME_NO_CACHE: '1',
    CHROMIUM_PATH: wrapper,
  },
});
fs.rmSync(wrapperDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
