import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_FILE, createSettingsStore } from '../src/main/settings-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'clinic-desk-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the remembered server address', () => {
  it('is empty on first launch', async () => {
    await expect(createSettingsStore(join(dir, 'not-yet')).read()).resolves.toEqual({ serverAddress: null });
  });

  it('is kept as JSON in the userData folder and read back by the next launch', async () => {
    const userData = join(dir, 'Smile Care Clinic Desk');
    await createSettingsStore(userData).write({ serverAddress: 'http://192.168.1.20:3000' });
    expect(JSON.parse(await readFile(join(userData, SETTINGS_FILE), 'utf8'))).toEqual({ serverAddress: 'http://192.168.1.20:3000' });
    await expect(createSettingsStore(userData).read()).resolves.toEqual({ serverAddress: 'http://192.168.1.20:3000' });
  });

  it('can be changed later', async () => {
    const store = createSettingsStore(dir);
    await store.write({ serverAddress: 'http://192.168.1.20:3000' });
    await store.write({ serverAddress: 'https://clinic.example.in' });
    await expect(store.read()).resolves.toEqual({ serverAddress: 'https://clinic.example.in' });
  });

  it('treats a damaged file as not set, so the first-launch screen asks again', async () => {
    await writeFile(join(dir, SETTINGS_FILE), '{"serverAddress": "http://1');
    await expect(createSettingsStore(dir).read()).resolves.toEqual({ serverAddress: null });
    await writeFile(join(dir, SETTINGS_FILE), '{"serverAddress": 42}');
    await expect(createSettingsStore(dir).read()).resolves.toEqual({ serverAddress: null });
  });
});
