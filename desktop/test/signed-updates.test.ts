import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signReleaseFolder } from '../scripts/release-signing';
import { signRelease } from '../src/main/release-signature';
import { createUpdateService } from '../src/main/updates';
import { FEED_FILE, feedText, INSTALLER, makeAppImageUpdater, pendingDir, serveFolder, TestNetExecutor, writeRelease } from './support/update-feed';

// DESK-9: the real electron-updater (AppImageUpdater 6.8) driven by the app's update service, against a
// release folder served over HTTP and signed by the release script. An update is taken only when its feed
// file is signed with a built-in key; every refusal is logged with its reason and starts no download.

const clinicKey = generateKeyPairSync('ed25519');
const strangerKey = generateKeyPairSync('ed25519');
const pem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();

let dir: string;
let folder: string;
let keysFile: string;
let feed: Awaited<ReturnType<typeof serveFolder>>;
let port: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clinic-signed-updates-'));
  folder = join(dir, 'feed');
  keysFile = join(dir, 'release-keys.pem');
  writeFileSync(keysFile, `# test keys\n${pem(clinicKey.publicKey)}`);
  feed = await serveFolder(folder);
  port = Number(new URL(feed.url).port);
  // The AppImage updater runs only inside an AppImage (it replaces that file); this one is a stand-in.
  writeFileSync(join(dir, 'old.AppImage'), 'the installed 0.1.0');
  vi.stubEnv('APPIMAGE', join(dir, 'old.AppImage'));
  vi.stubEnv('TEST_UPDATER_ARCH', 'x64');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await feed.close();
  rmSync(dir, { recursive: true, force: true });
});

const sign = (privateKey = clinicKey.privateKey, keys = keysFile) => signReleaseFolder({ folder, privateKey, keysFile: keys });

async function desk(options: { server?: string | null; trustedKeys?: KeyObject[] } = {}) {
  const executor = new TestNetExecutor(port);
  const updater = await makeAppImageUpdater(dir, executor);
  const events: string[] = [];
  for (const name of ['update-available', 'update-not-available', 'update-downloaded'] as const) updater.on(name, () => events.push(name));
  const logs: string[] = [];
  const askToRestart = vi.fn(async () => false);
  const service = createUpdateService({
    updater,
    isPackaged: true,
    getServerAddress: () => (options.server === undefined ? `http://127.0.0.1:${port}` : options.server),
    trustedKeys: options.trustedKeys ?? [clinicKey.publicKey],
    showProgress: () => undefined,
    askToRestart,
    log: (message) => logs.push(message),
    setInterval: () => 0,
  });
  return { updater, executor, service, events, logs, askToRestart };
}

const downloadedInstaller = () => join(pendingDir(dir), INSTALLER);
const installerRequests = () => feed.paths.filter((p) => p.endsWith(INSTALLER));

describe('desktop updates signed with the clinic release key (DESK-9)', () => {
  it.each([
    ['plain HTTP on 127.0.0.1', (p: number) => `http://127.0.0.1:${p}`],
    ['plain HTTP on localhost', (p: number) => `http://localhost:${p}`],
    ['plain HTTP on ::1', (p: number) => `http://[::1]:${p}`],
    ['HTTPS on another computer', () => 'https://clinic.example.in'],
  ])('takes a correctly signed release from %s: downloads it, checks it against the signed sha512 and asks to restart', async (_name, server) => {
    const installer = await writeRelease(folder);
    expect(await sign()).toEqual([expect.objectContaining({ file: FEED_FILE, version: '0.2.0' })]);
    const { service, events, logs, askToRestart, executor } = await desk({ server: server(port) });

    expect(await service.check()).toBe(true);
    await vi.waitFor(() => expect(askToRestart).toHaveBeenCalledWith('0.2.0'), { timeout: 15_000 });
    expect(events).toEqual(['update-available', 'update-downloaded']);
    expect(readFileSync(downloadedInstaller())).toEqual(installer);
    // The feed file, then its signature, then (only then) the installer.
    expect(feed.paths.map((p) => p.replace(/^\/desktop\/updates\//, ''))).toEqual([FEED_FILE, `${FEED_FILE}.sig`, INSTALLER]);
    expect(executor.requested[0]).toMatch(new RegExp(`^${server(port).replace(/[[\].]/g, '\\$&')}/desktop/updates/${FEED_FILE}\\?noCache=`));
    expect(logs.filter((l) => /refused|failed/i.test(l))).toEqual([]);
  });

  const refusals: [string, () => Promise<void>, RegExp][] = [
    [
      'a feed file changed after signing (an installer swapped in with its own sha512)',
      async () => {
        const evil = randomBytes(256 * 1024);
        writeFileSync(join(folder, INSTALLER), evil);
        writeFileSync(join(folder, FEED_FILE), feedText('0.2.0', evil));
      },
      /^Update refused: latest-linux\.yml does not match its signature: it was changed after it was signed\./,
    ],
    [
      'a feed signed by another key',
      async () => {
        const strangerKeys = join(dir, 'stranger.pem');
        writeFileSync(strangerKeys, pem(strangerKey.publicKey));
        await sign(strangerKey.privateKey, strangerKeys);
      },
      /^Update refused: latest-linux\.yml is signed with a key this app does not trust \(key [0-9a-f]{16}; it trusts [0-9a-f]{16}\)\./,
    ],
    ['a feed without a signature', async () => unlinkSync(join(folder, `${FEED_FILE}.sig`)), /^Update refused: latest-linux\.yml is not signed \(there is no latest-linux\.yml\.sig beside it\)\./],
    ['a signature file that is not a signature', async () => writeFileSync(join(folder, `${FEED_FILE}.sig`), 'version: 9.9.9\n'), /^Update refused: latest-linux\.yml\.sig is not a release signature\./],
  ];

  it.each(refusals)('refuses %s, says why, and starts no download', async (_name, spoil, reason) => {
    await writeRelease(folder);
    await sign();
    await spoil();
    const { service, events, logs, askToRestart } = await desk();

    expect(await service.check()).toBe(false);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(reason);
    expect(logs[0]).toContain("signed with the clinic's release key");
    expect(events).toEqual([]);
    expect(installerRequests()).toEqual([]);
    expect(existsSync(downloadedInstaller())).toBe(false);
    expect(askToRestart).not.toHaveBeenCalled();
  });

  it('refuses a plain-HTTP feed on another computer before asking it anything', async () => {
    await writeRelease(folder);
    await sign();
    // The transport would reach the signed feed at this address; the rule stops the app asking.
    const { service, events, logs, executor } = await desk({ server: 'http://192.168.1.20:3000' });

    expect(await service.check()).toBe(false);
    expect(logs).toEqual([expect.stringMatching(/^Update refused: http:\/\/192\.168\.1\.20:3000 is plain HTTP on another computer: updates are taken only over HTTPS, or from this computer itself\./)]);
    expect(executor.requested).toEqual([]);
    expect(feed.paths).toEqual([]);
    expect(events).toEqual([]);
  });

  it('treats an empty feed folder as no release yet: logged, nothing refused, tried again later', async () => {
    const { service, logs, events } = await desk();
    expect(await service.check()).toBe(false);
    expect(logs).toEqual(['Update check failed: No release on the server yet: latest-linux.yml answered 404']);
    expect(events).toEqual([]);
    expect(feed.paths).toEqual([`/desktop/updates/${FEED_FILE}`]);
  });

  it('refuses an installer that a signed feed names over plain HTTP on another computer', async () => {
    const installer = await writeRelease(folder);
    // Signed by hand: the release script itself refuses to sign a feed naming files outside its folder.
    const text = feedText('0.2.0', installer).replaceAll(`url: ${INSTALLER}`, `url: http://192.168.1.30/${INSTALLER}`).replace(`path: ${INSTALLER}`, `path: http://192.168.1.30/${INSTALLER}`);
    writeFileSync(join(folder, FEED_FILE), text);
    writeFileSync(join(folder, `${FEED_FILE}.sig`), signRelease(Buffer.from(text), clinicKey.privateKey));
    const { service, logs, executor, askToRestart } = await desk();

    expect(await service.check()).toBe(false);
    await vi.waitFor(() => expect(logs).toEqual([expect.stringMatching(/^Update refused: http:\/\/192\.168\.1\.30 is plain HTTP on another computer/)]));
    expect(executor.requested.filter((u) => u.includes(INSTALLER))).toEqual([]);
    expect(askToRestart).not.toHaveBeenCalled();
  });

  it('refuses every update when the app was built without a release key', async () => {
    await writeRelease(folder);
    await sign();
    const { service, logs, events } = await desk({ trustedKeys: [] });

    expect(await service.check()).toBe(false);
    expect(logs).toEqual([expect.stringMatching(/^Update refused: this copy of the app has no release key built in/)]);
    expect(events).toEqual([]);
    expect(installerRequests()).toEqual([]);
  });

  it('downloads the installer the signed feed names, and drops it when it is not the signed one (sha512)', async () => {
    await writeRelease(folder);
    await sign();
    // The feed and its signature are genuine; the installer beside them was replaced afterwards.
    writeFileSync(join(folder, INSTALLER), randomBytes(256 * 1024));
    const { service, events, logs, askToRestart } = await desk();

    expect(await service.check()).toBe(true);
    await vi.waitFor(() => expect(logs.some((l) => /sha512 checksum mismatch/.test(l))).toBe(true), { timeout: 15_000 });
    expect(events).toEqual(['update-available']);
    expect(askToRestart).not.toHaveBeenCalled();
    expect(existsSync(downloadedInstaller())).toBe(false);
    expect(existsSync(pendingDir(dir)) ? readdirSync(pendingDir(dir)).filter((f) => f.endsWith('.AppImage')) : []).toEqual([]);
  });

  it("never falls back to electron-updater's own unsigned feed, even when something checks the updater directly", async () => {
    await writeRelease(folder);
    await sign();
    writeFileSync(join(folder, FEED_FILE), feedText('0.3.0', readFileSync(join(folder, INSTALLER))));
    // No server chosen yet: app-update.yml names http://localhost:3000, which the test transport would reach.
    const { updater, executor, logs } = await desk({ server: null });
    await expect(updater.checkForUpdates()).rejects.toThrow(/^Update refused: no clinic server is chosen yet/);
    expect(executor.requested).toEqual([]);
    expect(logs).toEqual([expect.stringMatching(/^Update refused: no clinic server is chosen yet/)]);
  });

  it('does not go back to an older release, even a signed one', async () => {
    await writeRelease(folder, { version: '0.0.9' });
    await sign();
    const { service, events, askToRestart } = await desk();

    expect(await service.check()).toBe(true);
    expect(events).toEqual(['update-not-available']);
    expect(installerRequests()).toEqual([]);
    expect(askToRestart).not.toHaveBeenCalled();
  });
});
