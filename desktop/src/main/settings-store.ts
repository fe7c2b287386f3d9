import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// What the app remembers between launches, as JSON in app.getPath('userData')/settings.json. Only the
// server's address: never a password or a cookie.

export interface DesktopSettings {
  serverAddress: string | null;
}

export const SETTINGS_FILE = 'settings.json';

export interface SettingsStore {
  read(): Promise<DesktopSettings>;
  write(settings: DesktopSettings): Promise<void>;
}

export function createSettingsStore(directory: string): SettingsStore {
  const file = join(directory, SETTINGS_FILE);
  return {
    async read() {
      try {
        const data = JSON.parse(await readFile(file, 'utf8')) as Partial<DesktopSettings>;
        return { serverAddress: typeof data.serverAddress === 'string' && data.serverAddress ? data.serverAddress : null };
      } catch {
        // Missing or unreadable: the first-launch screen asks again.
        return { serverAddress: null };
      }
    },
    async write(settings) {
      await mkdir(directory, { recursive: true });
      // Write then rename, so a crash mid-write never leaves half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, `${JSON.stringify(settings, null, 2)}\n`, 'utf8');
      await rename(temp, file);
    },
  };
}
