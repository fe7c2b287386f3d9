import { describe, expect, it, vi } from 'vitest';
import type { IpcMainInvokeEvent } from 'electron';
import { CHANNELS, type ServerCheckResult } from '../src/preload/api';
import { registerIpcHandlers, type IpcServices } from '../src/main/ipc/handlers';
import { UntrustedSenderError } from '../src/main/security';

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

function setup(overrides: Partial<IpcServices> = {}) {
  const handlers = new Map<string, Handler>();
  let address: string | null = 'http://192.168.1.20:3000';
  const services: IpcServices = {
    getServerAddress: () => address,
    checkServerAddress: vi.fn(
      async (input: string): Promise<ServerCheckResult> =>
        input.includes('good') ? { ok: true, address: 'http://good:3000' } : { ok: false, problem: 'unreachable', message: 'Cannot reach', advice: 'Check the network', address: input },
    ),
    rememberServerAddress: vi.fn(async (next: string) => {
      address = next;
    }),
    saveInvoicePdf: vi.fn(async () => ({ status: 'cancelled' as const })),
    ...overrides,
  };
  registerIpcHandlers({ handle: (channel: string, handler: Handler) => void handlers.set(channel, handler) } as never, services);
  const app = { senderFrame: { url: 'app://clinic/index.html' } } as unknown as IpcMainInvokeEvent;
  const foreign = { senderFrame: { url: 'https://evil.example/' } } as unknown as IpcMainInvokeEvent;
  const call = (channel: string, event: IpcMainInvokeEvent, ...args: unknown[]) => handlers.get(channel)!(event, ...args);
  return { handlers, services, app, foreign, call, address: () => address };
}

describe('the IPC surface', () => {
  it('is exactly the four calls of the preload API', () => {
    const { handlers } = setup();
    expect([...handlers.keys()].sort()).toEqual(
      [CHANNELS.checkServer, CHANNELS.getServerAddress, CHANNELS.saveInvoicePdf, CHANNELS.setServerAddress].sort(),
    );
  });

  it('refuses every call from a foreign page, and nothing runs', () => {
    const { handlers, services, foreign, call } = setup();
    for (const channel of handlers.keys()) {
      expect(() => call(channel, foreign, 'http://good', 7), channel).toThrow(UntrustedSenderError);
    }
    expect(services.checkServerAddress).not.toHaveBeenCalled();
    expect(services.rememberServerAddress).not.toHaveBeenCalled();
    expect(services.saveInvoicePdf).not.toHaveBeenCalled();
  });

  it('answers the remembered address', async () => {
    const { call, app } = setup();
    await expect(Promise.resolve(call(CHANNELS.getServerAddress, app))).resolves.toBe('http://192.168.1.20:3000');
  });

  it('remembers a new address only once the server has answered as the clinic server', async () => {
    const { call, app, services, address } = setup();
    const refused = await call(CHANNELS.setServerAddress, app, 'http://bad:3000');
    expect(refused).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(services.rememberServerAddress).not.toHaveBeenCalled();
    expect(address()).toBe('http://192.168.1.20:3000');

    await expect(call(CHANNELS.setServerAddress, app, 'good:3000')).resolves.toEqual({ ok: true, address: 'http://good:3000' });
    expect(services.rememberServerAddress).toHaveBeenCalledWith('http://good:3000');
    expect(address()).toBe('http://good:3000');
  });

  it('checks a non-string address as an empty one', async () => {
    const { call, app, services } = setup();
    await call(CHANNELS.setServerAddress, app, { toString: () => 'http://good' });
    expect(services.checkServerAddress).toHaveBeenCalledWith('');
  });

  it('says the address is not set before the first launch is done', async () => {
    const { call, app, services } = setup({ getServerAddress: () => null });
    await expect(call(CHANNELS.checkServer, app)).resolves.toMatchObject({ ok: false, problem: 'not-set', address: null });
    expect(services.checkServerAddress).not.toHaveBeenCalled();
  });

  it('checks the remembered address', async () => {
    const { call, app, services } = setup();
    await call(CHANNELS.checkServer, app);
    expect(services.checkServerAddress).toHaveBeenCalledWith('http://192.168.1.20:3000');
  });

  it('passes the invoice id to the print handler', async () => {
    const { call, app, services } = setup();
    await expect(call(CHANNELS.saveInvoicePdf, app, 12)).resolves.toEqual({ status: 'cancelled' });
    expect(services.saveInvoicePdf).toHaveBeenCalledWith(12);
  });
});
