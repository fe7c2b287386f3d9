import type {
  Event,
  HandlerDetails,
  IpcMain,
  IpcMainInvokeEvent,
  PermissionCheckHandlerHandlerDetails,
  Session,
  WebContents,
  WebFrameMain,
  WindowOpenHandlerResponse,
} from 'electron';
import { APP_HOST, APP_SCHEME } from './constants';

// Electron's security checklist, as small functions that take the Electron objects they act on, so the
// tests hand in fakes (DESK-5). index.ts applies them to every webContents the app creates.

/** True for a page of the app itself: app://clinic/... (Node's URL gives custom schemes no origin: compare parts). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/** True for an address the system browser may open: http: and https: only. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export type OpenExternal = (url: string) => void | Promise<void>;

function openOutside(url: string, openExternal: OpenExternal): void {
  if (!isExternalWebUrl(url)) return; // mailto:, file:, javascript:, custom schemes: refused
  void Promise.resolve()
    .then(() => openExternal(url))
    .catch(() => {
      // No system browser configured: nothing to do, the app stays as it was.
    });
}

/** will-navigate / will-redirect: the window may only move between the app's own pages. */
export function guardNavigation(event: Pick<Event, 'preventDefault'>, url: string, openExternal: OpenExternal): void {
  if (isAppUrl(url)) return;
  event.preventDefault();
  openOutside(url, openExternal);
}

/** setWindowOpenHandler: never a new Electron window; http(s) links go to the system browser. */
export function handleWindowOpen(details: Pick<HandlerDetails, 'url'>, openExternal: OpenExternal): WindowOpenHandlerResponse {
  openOutside(details.url, openExternal);
  return { action: 'deny' };
}

type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** Applies the navigation, redirect, window-open and <webview> guards to one webContents. */
export function hardenWebContents(contents: GuardedContents, openExternal: OpenExternal): void {
  contents.on('will-navigate', (event, url) => guardNavigation(event, url, openExternal));
  contents.on('will-redirect', (event, url) => guardNavigation(event, url, openExternal));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler((details) => handleWindowOpen(details, openExternal));
}

/** Camera, microphone, notifications, geolocation, clipboard reads...: the admin needs none. */
export function denyAllPermissions(ses: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(
    (_contents: WebContents | null, _permission: string, _origin: string, _details: PermissionCheckHandlerHandlerDetails) =>
      false,
  );
}

/** An IPC message is trusted only when it comes from a frame showing one of the app's own pages. */
export function isTrustedSender(frame: Pick<WebFrameMain, 'url'> | null | undefined): boolean {
  return Boolean(frame && isAppUrl(frame.url));
}

export class UntrustedSenderError extends Error {
  constructor(channel: string) {
    super(`Refused ${channel}: the request did not come from the app's own page`);
    this.name = 'UntrustedSenderError';
  }
}

/** ipcMain.handle with the sender check in front: a foreign frame's call is refused before the handler runs. */
export function handleTrusted<Args extends unknown[], Result>(
  ipcMain: Pick<IpcMain, 'handle'>,
  channel: string,
  handler: (event: IpcMainInvokeEvent, ...args: Args) => Result | Promise<Result>,
): void {
  ipcMain.handle(channel, (event, ...args) => {
    if (!isTrustedSender(event.senderFrame)) throw new UntrustedSenderError(channel);
    return handler(event, ...(args as Args));
  });
}
