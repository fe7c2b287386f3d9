import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import type { ClinicDesktopApi } from '../../src/preload/api';
import { registerIpcHandlers, type IpcServices } from '../../src/main/ipc/handlers';

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

/**
 * Runs the BUILT preload (desktop/out/preload/index.js) against a stand-in for Electron's ipcRenderer and
 * contextBridge, wired to the real IPC handlers (registerIpcHandlers) as if the call came from `senderUrl`.
 * Answers what the preload exposed to the page, and a way to send the page a main-process event.
 */
export function loadBuiltPreload(services: IpcServices, senderUrl = 'app://clinic/index.html') {
  const handlers = new Map<string, Handler>();
  registerIpcHandlers({ handle: (channel: string, handler: Handler) => void handlers.set(channel, handler) } as never, services);

  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const exposed = new Map<string, unknown>();
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api),
    },
    ipcRenderer: {
      invoke: async (channel: string, ...args: unknown[]) => {
        const handler = handlers.get(channel);
        if (!handler) throw new Error(`No handler registered for '${channel}'`);
        return handler({ senderFrame: { url: senderUrl } } as unknown as IpcMainInvokeEvent, ...args);
      },
      on: (channel: string, listener: (...args: unknown[]) => void) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel)!.add(listener);
      },
      removeListener: (channel: string, listener: (...args: unknown[]) => void) => listeners.get(channel)?.delete(listener),
    },
  };
  const code = readFileSync(join(import.meta.dirname, '..', '..', 'out', 'preload', 'index.js'), 'utf8');
  const required: string[] = [];
  const fakeRequire = (name: string) => {
    required.push(name);
    if (name !== 'electron') throw new Error(`A sandboxed preload cannot require '${name}'`);
    return electron;
  };
  const module = { exports: {} };
  new Function('require', 'module', 'exports', code)(fakeRequire, module, module.exports);

  return {
    exposed,
    api: exposed.get('clinicDesktop') as ClinicDesktopApi,
    required,
    /** What webContents.send(channel) from the main process does. */
    send(channel: string) {
      for (const listener of listeners.get(channel) ?? []) listener({ sender: 'ipc-event' }, 'extra');
    },
    listenerCount: (channel: string) => listeners.get(channel)?.size ?? 0,
  };
}
