import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell } from 'electron';
import { autoUpdater } from 'electron-updater';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import releaseKeysPem from '../../release-keys.pem?raw';
import { CHANNELS } from '../preload/api';
import { createAppProtocolHandler } from './app-protocol';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, PRINT_PARTITION, SERVER_PARTITION } from './constants';
import { createDesktopServices } from './desktop-services';
import { registerIpcHandlers } from './ipc/handlers';
import { printHtmlToPdf } from './ipc/print-invoice';
import { buildMenuTemplate } from './menu';
import { readReleaseKeys } from './release-signature';
import { denyAllPermissions, hardenWebContents } from './security';
import { createSettingsStore } from './settings-store';
import { restartQuestion, createUpdateService } from './updates';
import { createAppWindow } from './window';

// The main process: the only file that touches Electron's modules directly. Everything it wires is a
// function of the Electron pieces it is handed, tested in desktop/test with fakes (DESK-5).

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();

const rendererDir = join(__dirname, '../renderer');
const preloadPath = join(__dirname, '../preload/index.js');
const openExternal = (url: string) => shell.openExternal(url);

let mainWindow: BrowserWindow | null = null;

// Every webContents the app ever creates (the window, the hidden print window, DevTools) gets the guards.
app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, openExternal));

function openMainWindow(): void {
  mainWindow = createAppWindow(BrowserWindow, {
    preloadPath,
    iconPath: process.platform === 'linux' ? join(rendererDir, 'icon.png') : undefined,
  });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

async function offerToOpen(filePath: string): Promise<void> {
  const options = {
    type: 'info' as const,
    title: 'Invoice saved',
    message: 'The invoice PDF is saved.',
    detail: filePath,
    buttons: ['Open PDF', 'Close'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  };
  const { response } = mainWindow ? await dialog.showMessageBox(mainWindow, options) : await dialog.showMessageBox(options);
  if (response !== 0) return;
  const problem = await shell.openPath(filePath);
  if (problem) dialog.showErrorBox('The PDF could not be opened', problem);
}

async function start(): Promise<void> {
  const serverSession = session.fromPartition(SERVER_PARTITION);
  for (const ses of [session.defaultSession, serverSession, session.fromPartition(PRINT_PARTITION)]) denyAllPermissions(ses);

  const services = await createDesktopServices({
    settings: createSettingsStore(app.getPath('userData')),
    serverFetch: (url, init) => serverSession.fetch(url, init),
    clearServerCookies: () => serverSession.clearStorageData({ storages: ['cookies'] }),
    printHtmlToPdf: (html) => printHtmlToPdf(BrowserWindow, html),
    showSaveDialog: (options) => (mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options)),
    writeFile: (filePath, data) => writeFile(filePath, data),
    offerToOpen,
    documentsDirectory: app.getPath('documents'),
  });
  session.defaultSession.protocol.handle(APP_SCHEME, createAppProtocolHandler({ rendererDir, proxy: services.proxy }));
  registerIpcHandlers(ipcMain, services.ipc);

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        isMac: process.platform === 'darwin',
        isPackaged: app.isPackaged,
        onChangeServerAddress: () => mainWindow?.webContents.send(CHANNELS.openServerSettings),
      }),
    ),
  );

  openMainWindow();
  app.on('activate', () => {
    if (!mainWindow) openMainWindow();
  });

  // DESK-7: updates from the connected clinic server, downloaded in the background, installed when agreed;
  // DESK-9: only releases signed with a key built in from desktop/release-keys.pem (none: no updates).
  let trustedKeys: ReturnType<typeof readReleaseKeys> = [];
  try {
    trustedKeys = readReleaseKeys(releaseKeysPem);
  } catch (error) {
    console.error('The built-in release keys cannot be read; updates are off', error);
  }
  createUpdateService({
    updater: autoUpdater,
    isPackaged: app.isPackaged,
    getServerAddress: services.getServerAddress,
    trustedKeys,
    showProgress: (fraction) => mainWindow?.setProgressBar(fraction),
    askToRestart: async (version) => {
      const question = restartQuestion(version);
      const { response } = mainWindow ? await dialog.showMessageBox(mainWindow, question) : await dialog.showMessageBox(question);
      return response === 0;
    },
    log: (message) => console.log(message),
  }).start();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.whenReady().then(start, (error: unknown) => {
    console.error('The app could not start', error);
    app.quit();
  });
}
