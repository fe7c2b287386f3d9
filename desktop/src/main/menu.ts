import type { MenuItemConstructorOptions } from 'electron';

/** The application menu: the server address can be changed at any time from File. */
export function buildMenuTemplate(options: {
  isMac: boolean;
  isPackaged: boolean;
  onChangeServerAddress: () => void;
}): MenuItemConstructorOptions[] {
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Change Server Address…', click: () => options.onChangeServerAddress() },
      { type: 'separator' },
      options.isMac ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'reload' },
      ...(options.isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  return [
    ...(options.isMac ? [{ role: 'appMenu' } as const] : []),
    file,
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
  ];
}
