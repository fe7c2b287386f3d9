import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { SignedFeedProvider, type SignedFeedOptions } from '../src/main/signed-feed';
import { createUpdateService, restartQuestion, updateFeedUrl, type UpdateOptions } from '../src/main/updates';

// DESK-7: the update logic of the main process, with electron-updater's AppUpdater, the window's progress
// bar and the restart question handed in as fakes. desktop/test/signed-updates.test.ts drives the real
// electron-updater against a real feed.

class FakeUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  allowDowngrade = true;
  feeds: SignedFeedOptions[] = [];
  checks = 0;
  failNext = false;
  quitAndInstall = vi.fn();
  setFeedURL(options: SignedFeedOptions) {
    this.feeds.push(options);
  }
  async checkForUpdates() {
    this.checks++;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('HttpError: 404 latest.yml');
    }
    return null;
  }
}

function setup(overrides: Partial<UpdateOptions> = {}) {
  const updater = new FakeUpdater();
  let server: string | null = 'http://192.168.1.20:3000';
  const progress: number[] = [];
  const logs: string[] = [];
  const askToRestart = vi.fn(async () => true);
  const service = createUpdateService({
    updater,
    isPackaged: true,
    getServerAddress: () => server,
    trustedKeys: [],
    showProgress: (f) => progress.push(f),
    askToRestart,
    log: (m) => logs.push(m),
    setInterval: () => 0,
    ...overrides,
  });
  return { updater, service, progress, logs, askToRestart, setServer: (s: string | null) => (server = s) };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('desktop updates from the clinic server', () => {
  it("reads the feed at the connected server's /desktop/updates/ through the signed-feed provider only (DESK-9)", async () => {
    const { updater, service } = setup();
    // Set when the service is made, before any check: electron-updater's own generic feed is never used.
    expect(updater.feeds).toHaveLength(1);
    expect(await service.check()).toBe(true);
    expect(updater.feeds).toHaveLength(1);
    expect(updater.feeds[0]).toMatchObject({ provider: 'custom', updateProvider: SignedFeedProvider, url: 'http://192.168.1.20:3000/desktop/updates/' });
    expect(updateFeedUrl('https://clinic.example.in/')).toBe('https://clinic.example.in/desktop/updates/');
  });

  it('sets the signed-feed provider even before a server is chosen (DESK-9)', () => {
    const { updater } = setup({ getServerAddress: () => null });
    expect(updater.feeds).toEqual([expect.objectContaining({ provider: 'custom', updateProvider: SignedFeedProvider, url: null })]);
  });

  it('downloads in the background but never installs without the user (not even on quit), nor an older version (DESK-9)', () => {
    const { updater } = setup();
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(updater.allowDowngrade).toBe(false);
  });

  it('follows a change of server address at the next check', async () => {
    const { updater, service, setServer } = setup();
    await service.check();
    await service.check();
    setServer('https://clinic.example.in');
    await service.check();
    expect(updater.feeds.map((f) => f.url)).toEqual(['http://192.168.1.20:3000/desktop/updates/', 'https://clinic.example.in/desktop/updates/']);
    expect(updater.feeds.every((f) => f.updateProvider === SignedFeedProvider)).toBe(true);
    expect(updater.checks).toBe(3);
  });

  it('does not look when no server is chosen yet, or in a developer build', async () => {
    const none = setup();
    none.setServer(null);
    expect(await none.service.check()).toBe(false);
    const dev = setup({ isPackaged: false });
    expect(await dev.service.check()).toBe(false);
    expect(none.updater.checks + dev.updater.checks).toBe(0);
  });

  it('shows the download progress on the window and hides it when done', async () => {
    const { updater, progress } = setup({ askToRestart: vi.fn(async () => false) });
    updater.emit('update-available', { version: '0.2.0' });
    updater.emit('download-progress', { percent: 12.5 });
    updater.emit('download-progress', { percent: 100 });
    updater.emit('update-downloaded', { version: '0.2.0' });
    expect(progress).toEqual([0, 0.125, 1, -1]);
  });

  it('installs on restart when the user agrees', async () => {
    const { updater, askToRestart } = setup();
    updater.emit('update-downloaded', { version: '0.2.0' });
    await flush();
    expect(askToRestart).toHaveBeenCalledWith('0.2.0');
    expect(updater.quitAndInstall).toHaveBeenCalledWith(false, true);
  });

  it('keeps working when the user says later', async () => {
    const { updater, logs } = setup({ askToRestart: vi.fn(async () => false) });
    updater.emit('update-downloaded', { version: '0.2.0' });
    await flush();
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    expect(logs.join('\n')).toContain('later');
  });

  it('survives a server without a feed or offline: logs, hides progress, tries again later', async () => {
    const { updater, service, progress, logs } = setup();
    updater.failNext = true;
    expect(await service.check()).toBe(false);
    updater.emit('error', new Error('net::ERR_CONNECTION_REFUSED'));
    expect(progress).toEqual([-1]);
    expect(logs.join('\n')).toContain('404');
    expect(await service.check()).toBe(true);
  });

  it('checks at start and then on a timer', async () => {
    const timers: number[] = [];
    const { updater, service } = setup({ setInterval: (_fn, ms) => timers.push(ms), intervalMs: 1000 });
    service.start();
    await flush();
    expect(updater.checks).toBe(1);
    expect(timers).toEqual([1000]);
  });

  it('asks in plain words with Restart and Later', () => {
    const q = restartQuestion('0.2.0');
    expect(q.message).toContain('0.2.0');
    expect(q.buttons).toEqual(['Restart and install', 'Later']);
    expect(q.cancelId).toBe(1);
  });
});
