import { describe, expect, it, vi } from 'vitest';
import type { IpcMainInvokeEvent } from 'electron';
import {
  UntrustedSenderError,
  denyAllPermissions,
  guardNavigation,
  handleTrusted,
  handleWindowOpen,
  hardenWebContents,
  isTrustedSender,
} from '../src/main/security';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeEvent() {
  return { preventDefault: vi.fn() };
}

describe('navigation guard (will-navigate, will-redirect)', () => {
  it("lets the window move between the app's own pages", () => {
    const event = fakeEvent();
    const openExternal = vi.fn();
    guardNavigation(event, 'app://clinic/index.html#/admin/invoices', openExternal);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('keeps a web page out of the window and opens it in the system browser', async () => {
    for (const url of ['https://www.google.com/maps?q=clinic', 'http://192.168.1.20:3000/']) {
      const event = fakeEvent();
      const openExternal = vi.fn();
      guardNavigation(event, url, openExternal);
      await settle();
      expect(event.preventDefault).toHaveBeenCalledOnce();
      expect(openExternal).toHaveBeenCalledWith(url);
    }
  });

  it('refuses every other scheme without opening anything', async () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'mailto:someone@example.com',
      'data:text/html,<script>alert(1)</script>',
      'app://elsewhere/index.html',
      'smb://server/share',
      'not a url',
    ]) {
      const event = fakeEvent();
      const openExternal = vi.fn();
      guardNavigation(event, url, openExternal);
      await settle();
      expect(event.preventDefault, url).toHaveBeenCalledOnce();
      expect(openExternal, url).not.toHaveBeenCalled();
    }
  });

  it('survives a system browser that fails to open', async () => {
    const openExternal = vi.fn().mockRejectedValue(new Error('no browser'));
    guardNavigation(fakeEvent(), 'https://example.com', openExternal);
    await settle();
    expect(openExternal).toHaveBeenCalledOnce();
  });
});

describe('window-open guard', () => {
  it('never opens an Electron window; http(s) goes to the system browser', async () => {
    const openExternal = vi.fn();
    expect(handleWindowOpen({ url: 'https://clinic.example/' }, openExternal)).toEqual({ action: 'deny' });
    expect(handleWindowOpen({ url: 'app://clinic/index.html' }, openExternal)).toEqual({ action: 'deny' });
    expect(handleWindowOpen({ url: 'file:///C:/Windows/system32/calc.exe' }, openExternal)).toEqual({ action: 'deny' });
    await settle();
    expect(openExternal.mock.calls).toEqual([['https://clinic.example/']]);
  });
});

describe('hardenWebContents', () => {
  it('installs the navigation, redirect, webview and window-open guards', async () => {
    const listeners = new Map<string, (event: { preventDefault(): void }, url?: string) => void>();
    let openHandler: ((details: { url: string }) => unknown) | undefined;
    const contents = {
      on: vi.fn((name: string, listener: (event: { preventDefault(): void }, url?: string) => void) => {
        listeners.set(name, listener);
        return contents;
      }),
      setWindowOpenHandler: vi.fn((handler: (details: { url: string }) => unknown) => {
        openHandler = handler;
      }),
    };
    const openExternal = vi.fn();
    hardenWebContents(contents as never, openExternal);
    expect([...listeners.keys()].sort()).toEqual(['will-attach-webview', 'will-navigate', 'will-redirect']);

    const away = fakeEvent();
    listeners.get('will-navigate')!(away, 'https://evil.example/');
    expect(away.preventDefault).toHaveBeenCalled();
    const redirect = fakeEvent();
    listeners.get('will-redirect')!(redirect, 'file:///etc/hosts');
    expect(redirect.preventDefault).toHaveBeenCalled();
    const webview = fakeEvent();
    listeners.get('will-attach-webview')!(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
    expect(openHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    await settle();
    expect(openExternal.mock.calls).toEqual([['https://evil.example/'], ['https://example.com/']]);
  });
});

describe('permissions', () => {
  it('denies every permission request and check', () => {
    let request: ((wc: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: ((...args: unknown[]) => boolean) | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (handler: typeof request) => {
        request = handler;
      },
      setPermissionCheckHandler: (handler: typeof check) => {
        check = handler;
      },
    } as never);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      const callback = vi.fn();
      request!({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(check!({}, permission, 'app://clinic', {})).toBe(false);
    }
  });
});

describe('IPC sender check', () => {
  it("trusts only frames showing the app's own pages", () => {
    expect(isTrustedSender({ url: 'app://clinic/index.html' })).toBe(true);
    expect(isTrustedSender({ url: 'app://clinic/index.html#/admin/invoices' })).toBe(true);
    expect(isTrustedSender({ url: 'https://evil.example/' })).toBe(false);
    expect(isTrustedSender({ url: 'http://192.168.1.20:3000/admin' })).toBe(false);
    expect(isTrustedSender({ url: 'file:///home/clinic/out/renderer/index.html' })).toBe(false);
    expect(isTrustedSender({ url: 'app://other/index.html' })).toBe(false);
    expect(isTrustedSender({ url: 'data:text/html,hi' })).toBe(false);
    expect(isTrustedSender({ url: '' })).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
  });

  function fakeIpcMain() {
    const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();
    return {
      handlers,
      handle: (channel: string, handler: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown) => {
        handlers.set(channel, handler);
      },
    };
  }
  const from = (url: string | null) => ({ senderFrame: url === null ? null : { url } }) as unknown as IpcMainInvokeEvent;

  it("runs the handler for the app's page", async () => {
    const ipcMain = fakeIpcMain();
    const handler = vi.fn((_event: IpcMainInvokeEvent, a: number, b: number) => a + b);
    handleTrusted(ipcMain, 'sum', handler);
    await expect(Promise.resolve(ipcMain.handlers.get('sum')!(from('app://clinic/index.html'), 2, 3))).resolves.toBe(5);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('refuses a foreign sender before the handler runs', () => {
    const ipcMain = fakeIpcMain();
    const handler = vi.fn();
    handleTrusted(ipcMain, 'invoice:save-pdf', handler);
    for (const url of ['https://evil.example/', 'file:///tmp/x.html', 'app://evil/index.html', null]) {
      expect(() => ipcMain.handlers.get('invoice:save-pdf')!(from(url), 1), String(url)).toThrow(UntrustedSenderError);
    }
    expect(handler).not.toHaveBeenCalled();
  });
});
