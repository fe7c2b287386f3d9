import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demoPublished } from './support/public-helpers';

// The public pages' server-rendered HTML passes the W3C Nu HTML checker (vnu.jar, from the npm package
// vnu-jar) with no error. The checker needs a Java runtime (11 or later).

const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('every public page is valid HTML (W3C Nu HTML checker)', { tag: '@desktop-only' }, async ({ request }) => {
  test.setTimeout(90_000);
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    throw new Error('The W3C Nu HTML checker needs Java 11 or later: install it (Debian: apt-get install -y default-jre-headless).');
  }
  const pages = ['/', '/about', '/treatments', '/treatments/root-canal', '/blogs', `/blogs/${demoPublished[0].slug}`, '/gallery', '/contact', '/no-such-page'];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-vnu-'));
  try {
    const files = new Map<string, string>();
    for (const [i, p] of pages.entries()) {
      const html = await (await request.get(p, { headers: { Accept: 'text/html' } })).text();
      const file = path.join(dir, `page-${i}.html`);
      fs.writeFileSync(file, html);
      files.set(`file:${file}`, p);
    }
    const run = spawnSync('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...[...files.keys()].map((f) => f.slice(5))], {
      encoding: 'utf8',
      maxBuffer: 20 * 1024 * 1024,
    });
    const report = JSON.parse(run.stderr || run.stdout || '{"messages":[]}') as { messages: VnuMessage[] };
    const errors = report.messages
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map((m) => `${files.get(m.url) ?? m.url}${m.lastLine ? `:${m.lastLine}` : ''}: ${m.message}${m.extract ? ` (${m.extract.trim().slice(0, 80)})` : ''}`);
    expect(errors, errors.join('\n')).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
