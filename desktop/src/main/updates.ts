import type { KeyObject } from 'node:crypto';
import { signedFeedOptions, type SignedFeedOptions } from './signed-feed';

// DESK-7: the app updates itself from the clinic server it is connected to. electron-updater reads
// <server>/desktop/updates/latest.yml (the feed the server serves, DESK-8), downloads a newer version in
// the background while the window's progress bar shows how far it is, and installs it on restart only when
// the user says so. DESK-9: it reads the feed only through the signed-feed provider, set from the moment
// the service exists. Everything Electron is handed in, so desktop/test can drive it.

/** The part of electron-updater's AppUpdater this uses. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  setFeedURL(options: SignedFeedOptions): void;
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'download-progress', listener: (info: { percent: number }) => void): unknown;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdateOptions {
  updater: Updater;
  /** Only an installed app updates itself (app.isPackaged); a developer's build never does. */
  isPackaged: boolean;
  getServerAddress(): string | null;
  /** The public release keys built into the app (DESK-9); an update signed with none of them is refused. */
  trustedKeys: KeyObject[];
  /** The window's progress bar: 0..1 while downloading, -1 to hide it (BrowserWindow.setProgressBar). */
  showProgress(fraction: number): void;
  /** Tells the user a download started (e.g. a window title or notice); optional. */
  onDownloadStarted?(version: string): void;
  /** Asks whether to restart and install now; true = yes (dialog.showMessageBox). */
  askToRestart(version: string): Promise<boolean>;
  log(message: string): void;
  /** How often to look again while the app stays open. */
  intervalMs?: number;
  setInterval?: (fn: () => void, ms: number) => unknown;
}

export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** The feed's address on a server: its /desktop/updates/ folder. */
export function updateFeedUrl(serverAddress: string): string {
  return `${serverAddress.replace(/\/+$/, '')}/desktop/updates/`;
}

export interface UpdateService {
  /** Looks for a newer version on the connected server now; false when it cannot (no server, not installed). */
  check(): Promise<boolean>;
  /** Starts the first check and the periodic ones. */
  start(): void;
}

export function createUpdateService(options: UpdateOptions): UpdateService {
  const { updater } = options;
  // Download in the background; install only after the user agreed (never silently when quitting).
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  // DESK-9: an older release, even a signed one, is never installed over a newer one.
  updater.allowDowngrade = false;
  let asking = false;
  // DESK-9: electron-updater's own feed (app-update.yml, the generic provider) is never used: the signed
  // provider is set now, before any check, and again whenever the server changes.
  const feedFor = (server: string | null) => (server ? updateFeedUrl(server) : null);
  let feed = feedFor(options.getServerAddress());
  updater.setFeedURL(signedFeedOptions(feed, options.trustedKeys));
  // Each failure is logged once, whether it arrives as the updater's 'error' event, a rejected check, or both.
  const reported = new WeakSet<object>();
  const report = (error: unknown) => {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    const message = error instanceof Error ? error.message : String(error);
    options.log((error as { code?: unknown } | null)?.code === 'ERR_UPDATE_REFUSED' ? message : `Update check failed: ${message}`);
  };

  updater.on('update-available', (info) => {
    options.log(`Update ${info.version} found; downloading`);
    options.showProgress(0);
    options.onDownloadStarted?.(info.version);
  });
  updater.on('download-progress', (info) => {
    options.showProgress(Math.max(0, Math.min(1, info.percent / 100)));
  });
  updater.on('update-downloaded', (info) => {
    options.showProgress(-1);
    if (asking) return;
    asking = true;
    options
      .askToRestart(info.version)
      .then((yes) => {
        if (yes) updater.quitAndInstall(false, true);
        else options.log(`Update ${info.version} downloaded; the user chose later`);
      })
      .catch((error: unknown) => options.log(`Update question failed: ${String(error)}`))
      .finally(() => {
        asking = false;
      });
  });
  updater.on('error', (error) => {
    // A server without a feed (no release dropped in yet) or offline: quietly try again later.
    options.showProgress(-1);
    report(error);
  });

  const check = async (): Promise<boolean> => {
    if (!options.isPackaged) return false;
    const server = options.getServerAddress();
    if (!server) return false;
    const url = feedFor(server);
    // The server may have been changed since the last check: follow it.
    if (url !== feed) {
      updater.setFeedURL(signedFeedOptions(url, options.trustedKeys));
      feed = url;
    }
    try {
      const result = await updater.checkForUpdates();
      // A failed download arrives as the updater's 'error' event (logged there); its promise must not
      // also end as an unhandled rejection.
      result?.downloadPromise?.catch(() => undefined);
      return true;
    } catch (error) {
      report(error);
      return false;
    }
  };

  return {
    check,
    start() {
      void check();
      (options.setInterval ?? setInterval)(() => void check(), options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS);
    },
  };
}

/** The question asked when a version is downloaded (dialog.showMessageBox options). */
export function restartQuestion(version: string) {
  return {
    type: 'info' as const,
    title: 'Update ready',
    message: `Version ${version} of Clinic Desk is downloaded.`,
    detail: 'Restart now to install it? Unsaved changes in open forms are lost. Choose Later to keep working; you will be asked again next time.',
    buttons: ['Restart and install', 'Later'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  };
}
