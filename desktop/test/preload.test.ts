import { describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../src/preload/api';
import type { IpcServices } from '../src/main/ipc/handlers';
import { loadBuiltPreload } from './support/preload-harness';

// The built preload (desktop/out/preload/index.js) run against a stand-in ipcRenderer and contextBridge.

function services(): IpcServices {
  return {
    getServerAddress: () => 'http://192.168.1.20:3000',
    checkServerAddress: vi.fn(async (address: string) => ({ ok: true as const, address })),
    rememberServerAddress: vi.fn(async () => undefined),
    saveInvoicePdf: vi.fn(async () => ({ status: 'cancelled' as const })),
  };
}

describe('the preload', () => {
  it('requires nothing but electron and exposes one small API on window.clinicDesktop', () => {
    const preload = loadBuiltPreload(services());
    expect(preload.required).toEqual(['electron']);
    expect([...preload.exposed.keys()]).toEqual(['clinicDesktop']);
    expect(Object.keys(preload.api).sort()).toEqual(
      ['checkServer', 'getServerAddress', 'onOpenServerSettings', 'saveInvoicePdf', 'setServerAddress'].sort(),
    );
    for (const value of Object.values(preload.api)) expect(typeof value).toBe('function');
  });

  it('reaches the main process handlers', async () => {
    const s = services();
    const { api } = loadBuiltPreload(s);
    await expect(api.getServerAddress()).resolves.toBe('http://192.168.1.20:3000');
    await expect(api.setServerAddress('http://good:3000')).resolves.toEqual({ ok: true, address: 'http://good:3000' });
    expect(s.rememberServerAddress).toHaveBeenCalledWith('http://good:3000');
    await expect(api.saveInvoicePdf('7' as unknown as number)).resolves.toEqual({ status: 'cancelled' });
    expect(s.saveInvoicePdf).toHaveBeenCalledWith(7);
  });

  it("is refused by the main process when the page is not the app's", async () => {
    const s = services();
    const { api } = loadBuiltPreload(s, 'https://evil.example/');
    await expect(api.getServerAddress()).rejects.toThrow(/did not come from the app's own page/);
    await expect(api.saveInvoicePdf(1)).rejects.toThrow(/did not come from the app's own page/);
    expect(s.saveInvoicePdf).not.toHaveBeenCalled();
  });

  it("passes the menu's Change Server Address to the page without the IPC event, until unsubscribed", () => {
    const preload = loadBuiltPreload(services());
    const listener = vi.fn();
    const unsubscribe = preload.api.onOpenServerSettings(listener);
    preload.send(CHANNELS.openServerSettings);
    expect(listener).toHaveBeenCalledOnce();
    expect(listener.mock.calls[0]).toEqual([]);
    unsubscribe();
    expect(preload.listenerCount(CHANNELS.openServerSettings)).toBe(0);
    preload.send(CHANNELS.openServerSettings);
    expect(listener).toHaveBeenCalledOnce();
  });
});
