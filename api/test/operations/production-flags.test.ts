import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from '../../production-flags';

// OPS-16: every way production starts the server gives Node the same flags and environment, the ones
// bench/memory.ts measured (api/production-flags.ts; docs/operations.md, "Memory"). A flag added in one place
// only would make the deployments differ from what was measured.

const read = (file: string) => fs.readFileSync(file, 'utf8');
const command = ['node', ...PRODUCTION_NODE_FLAGS, 'dist/api/server.js'].join(' ');

describe('the production start', () => {
  it('has flags and an environment to give', () => {
    expect(PRODUCTION_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(Object.keys(PRODUCTION_ENV).length).toBeGreaterThan(0);
  });

  it('is the same in the container image: CMD and ENV', () => {
    const dockerfile = read('Dockerfile');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...PRODUCTION_NODE_FLAGS, 'dist/api/server.js']);
    for (const [name, value] of Object.entries(PRODUCTION_ENV)) expect(dockerfile).toMatch(new RegExp(`^\\s*${name}=${value}\\b`, 'm'));
  });

  it('is the same in the systemd unit: ExecStart and Environment', () => {
    const unit = read('deploy/smile-dental.service');
    expect(unit).toContain(`ExecStart=/usr/bin/${command}\n`);
    for (const [name, value] of Object.entries(PRODUCTION_ENV)) expect(unit).toMatch(new RegExp(`^Environment=.*\\b${name}=${value}\\b`, 'm'));
  });

  it('is the same in `npm start` (through its supervisor) and in scripts/try-production.sh', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    // OPS-22: `npm start` runs the supervisor, which starts the server with the flags and the environment:
    // supervisor.test.ts reads the running server's command line and environment from /proc.
    expect(scripts.start).toBe('npm run build && node dist/api/supervisor.js');
    const tryout = read('scripts/try-production.sh');
    expect(tryout).toContain(command);
    for (const [name, value] of Object.entries(PRODUCTION_ENV)) expect(tryout).toContain(`${name}=${value}`);
  });
});
