import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';
import { APP_ENTRY_URL } from '../src/main/constants';
import { appWindowOptions, createAppWindow } from '../src/main/window';

describe('the app window', () => {
  it('turns on every renderer protection of the security checklist', () => {
    const { webPreferences } = appWindowOptions({ preloadPath: '/app/out/preload/index.js' });
    expect(webPreferences).toMatchObject({
      preload: '/app/out/preload/index.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
    });
    expect(webPreferences).not.toHaveProperty('partition');
    expect(webPreferences).not.toHaveProperty('enableBlinkFeatures');
  });

  it("loads the app's own entry page and shows the window once it is painted", async () => {
    const created: FakeWindow[] = [];
    class FakeWindow {
      options: BrowserWindowConstructorOptions;
      loaded: string[] = [];
      listeners = new Map<string, () => void>();
      show = vi.fn();
      webContents = {};
      constructor(options: BrowserWindowConstructorOptions) {
        this.options = options;
        created.push(this);
      }
      loadURL(url: string) {
        this.loaded.push(url);
        return Promise.resolve();
      }
      once(event: string, listener: () => void) {
        this.listeners.set(event, listener);
        return this;
      }
    }
    const win = createAppWindow(FakeWindow as never, { preloadPath: '/p.js' }) as unknown as FakeWindow;
    expect(created).toHaveLength(1);
    expect(win.options.show).toBe(false);
    expect(win.loaded).toEqual([APP_ENTRY_URL]);
    expect(APP_ENTRY_URL).toBe('app://clinic/index.html');
    expect(win.show).not.toHaveBeenCalled();
    win.listeners.get('ready-to-show')!();
    expect(win.show).toHaveBeenCalledOnce();
  });
});
