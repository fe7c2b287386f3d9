import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readIcoEntries } from '../scripts/ico';

// electron-builder.yml read and validated by electron-builder itself (its JSON schema), and the icons it
// points at. Packaging proper needs Electron's download and runs on a machine with internet (DESK-6).

const root = join(import.meta.dirname, '..', '..');
const desktop = join(root, 'desktop');
const require = createRequire(import.meta.url);

type BuilderConfig = Record<string, unknown> & {
  directories: { app: string; buildResources: string; output: string };
  files: { filter: string[] }[];
  linux: { target: string[]; icon: string };
  win: { target: string[]; icon: string };
  nsis: Record<string, unknown>;
};
let config: BuilderConfig;

beforeAll(async () => {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
    getConfig(projectDir: string, configPath: string, options: null): Promise<BuilderConfig>;
    validateConfiguration(config: BuilderConfig, logger: unknown): Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  config = await getConfig(root, join(root, 'electron-builder.yml'), null);
  await validateConfiguration(config, new DebugLogger(false));
});

describe('electron-builder.yml', () => {
  it("names the app and targets AppImage and deb on Linux, nsis on Windows", () => {
    expect(config.appId).toBe('in.smilecare.clinicdesk');
    expect(config.productName).toBe('Smile Care Clinic Desk');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.electronVersion).toBe(require('electron/package.json').version);
  });

  it("publishes to the generic provider whose feed the clinic server serves at /desktop/updates/ (DESK-7)", () => {
    expect(config.publish).toMatchObject({ provider: 'generic', channel: 'latest' });
    expect(String((config.publish as { url: string }).url)).toMatch(/\/desktop\/updates\/$/);
  });

  it('packs only the built output, rebuilds no native module, and carries none of the server', () => {
    expect(config.npmRebuild).toBe(false);
    expect(config.directories.app).toBe('desktop');
    expect(config.files).toEqual([{ filter: ['package.json', 'out/**/*', '!out/**/*.map'] }]);
    const app = JSON.parse(readFileSync(join(desktop, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(app).not.toHaveProperty('dependencies');
    expect(app.main).toBe('out/main/index.js');
    expect(app.type).toBe('commonjs');
    expect(app.productName).toBe(config.productName);
    const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(app.version).toBe(rootPackage.version);
  });

  it('uses the icons made here', () => {
    expect(config.directories.buildResources).toBe('desktop/build');
    expect(existsSync(join(root, config.linux.icon, '512x512.png'))).toBe(true);
    expect(config.win.icon).toBe('desktop/build/icon.ico');
    expect(config.nsis.installerIcon).toBe('desktop/build/icon.ico');
  });
});

describe('the icons', () => {
  it('has a Linux set whose every PNG is the size its name says', async () => {
    const files = readdirSync(join(desktop, 'build/icons')).sort();
    expect(files).toEqual(['128x128.png', '16x16.png', '256x256.png', '32x32.png', '48x48.png', '512x512.png', '64x64.png']);
    for (const file of files) {
      const size = Number(file.split('x')[0]);
      const meta = await sharp(join(desktop, 'build/icons', file)).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha], file).toEqual(['png', size, size, true]);
    }
    const icon = await sharp(join(desktop, 'build/icon.png')).metadata();
    expect([icon.width, icon.height]).toEqual([512, 512]);
  });

  it('has a Windows .ico holding 16 to 256 pixel PNGs', async () => {
    const ico = readFileSync(join(desktop, 'build/icon.ico'));
    const entries = readIcoEntries(ico);
    expect(entries.map((e) => e.size)).toEqual([16, 24, 32, 48, 64, 128, 256]);
    for (const entry of entries) {
      expect(entry.bitCount).toBe(32);
      const png = ico.subarray(entry.offset, entry.offset + entry.bytes);
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([entry.size, entry.size]);
    }
    const last = entries.at(-1)!;
    expect(last.offset + last.bytes).toBe(ico.length);
  });

  it('shows the same drawing on the app screens', () => {
    expect(readFileSync(join(desktop, 'src/renderer/public/icon.svg'), 'utf8')).toBe(readFileSync(join(desktop, 'build/icon.svg'), 'utf8'));
  });
});
