import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { APP_ENTRY_URL } from './constants';

/** The app window's options: every renderer protection of Electron's checklist, stated explicitly. */
export function appWindowOptions(options: { preloadPath: string; iconPath?: string }): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Smile Care Clinic Desk',
    backgroundColor: '#f1f5f9',
    autoHideMenuBar: false,
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      safeDialogs: true,
    },
  };
}

type WindowClass = new (options: BrowserWindowConstructorOptions) => Pick<
  BrowserWindow,
  'loadURL' | 'once' | 'show' | 'webContents'
>;

/** Opens the app window on the app's own entry page (never a remote address) and shows it when painted. */
export function createAppWindow<W extends InstanceType<WindowClass>>(
  BrowserWindowClass: new (options: BrowserWindowConstructorOptions) => W,
  options: { preloadPath: string; iconPath?: string },
): W {
  const win = new BrowserWindowClass(appWindowOptions(options));
  win.once('ready-to-show', () => win.show());
  win.loadURL(APP_ENTRY_URL).catch((error: unknown) => console.error('Could not load the app page', error));
  return win;
}
