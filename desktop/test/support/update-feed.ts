import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { basename, join } from 'node:path';
import { AppImageUpdater } from 'electron-updater';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';
import { startLocalServer, type LocalServer } from './http-server';

// The real electron-updater (its AppImage updater, as on the clinic's Linux desks) against a real feed
// folder served over HTTP. Only what needs Electron is swapped: the app adapter (version, folders) and the
// transport under electron-updater's own HTTP client, which is Node's http here instead of Electron's net.

export const CURRENT_VERSION = '0.1.0';
export const FEED_FILE = 'latest-linux.yml';
export const INSTALLER = 'clinic-desk-0.2.0-x86_64.AppImage';

/** A release folder as electron-builder writes it: an installer and latest-linux.yml naming it with its sha512. */
export async function writeRelease(folder: string, options: { version?: string; installer?: Buffer } = {}): Promise<Buffer> {
  await mkdir(folder, { recursive: true });
  const installer = options.installer ?? randomBytes(256 * 1024);
  await writeFile(join(folder, INSTALLER), installer);
  await writeFile(join(folder, FEED_FILE), feedText(options.version ?? '0.2.0', installer));
  return installer;
}

export function feedText(version: string, installer: Buffer): string {
  const sha512 = createHash('sha512').update(installer).digest('base64');
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${INSTALLER}`,
    `    sha512: ${sha512}`,
    `    size: ${installer.length}`,
    `path: ${INSTALLER}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-24T10:00:00.000Z'",
    '',
  ].join('\n');
}

/** Serves `folder` read-only and notes every path asked for. */
export async function serveFolder(folder: string): Promise<LocalServer & { paths: string[] }> {
  const paths: string[] = [];
  const local = await startLocalServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    paths.push(path);
    const file = join(folder, basename(decodeURIComponent(path)));
    if (!path.startsWith('/desktop/updates/') || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('Not found');
      return;
    }
    res.writeHead(200, { 'content-length': statSync(file).size });
    createReadStream(file).pipe(res);
  });
  return Object.assign(local, { paths });
}

/**
 * electron-updater's HTTP client with Node's http underneath: every address, whatever its host or scheme,
 * is dialled at the test server, as if the network led there, and noted; so a request the app should
 * never make would be seen.
 */
export class TestNetExecutor extends ElectronHttpExecutor {
  readonly requested: string[] = [];
  constructor(private readonly port: number) {
    super();
  }
  override createRequest(options: Record<string, unknown>, callback: (response: IncomingMessage) => void): Electron.ClientRequest {
    this.requested.push(`${String(options.protocol)}//${String(options.hostname)}${options.port ? `:${String(options.port)}` : ''}${String(options.path)}`);
    const { session: _session, redirect: _redirect, host: _host, ...rest } = options;
    const request: ClientRequest = httpRequest({ ...rest, protocol: 'http:', hostname: '127.0.0.1', port: this.port }, callback);
    return request as unknown as Electron.ClientRequest;
  }
}

/** A real AppImageUpdater of an installed Clinic Desk 0.1.0, its folders under `dir`. */
export async function makeAppImageUpdater(dir: string, executor: TestNetExecutor): Promise<AppImageUpdater> {
  await mkdir(join(dir, 'user'), { recursive: true });
  await writeFile(join(dir, 'app-update.yml'), 'provider: generic\nurl: http://localhost:3000/desktop/updates/\nupdaterCacheDirName: clinic-desk-updater\n');
  const updater = new AppImageUpdater(null, {
    version: CURRENT_VERSION,
    name: 'clinic-desk',
    isPackaged: true,
    appUpdateConfigPath: join(dir, 'app-update.yml'),
    userDataPath: join(dir, 'user'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  });
  (updater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = executor;
  updater.logger = null;
  updater.disableDifferentialDownload = true;
  return updater;
}

/** Where electron-updater keeps a downloaded update until it is installed. */
export const pendingDir = (dir: string) => join(dir, 'cache', 'clinic-desk-updater', 'pending');
