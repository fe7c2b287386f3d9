import type { IpcMain } from 'electron';
import { CHANNELS, type SaveInvoicePdfResult, type ServerCheckResult } from '../../preload/api';
import { handleTrusted } from '../security';
import { messages } from '../server-address';

// The whole IPC surface of the app: four calls, each behind the sender check (security.ts handleTrusted),
// each validating what the page sent.

export interface IpcServices {
  getServerAddress(): string | null;
  /** Reaches <address>/healthz (server-address.ts checkServerAddress). */
  checkServerAddress(address: string): Promise<ServerCheckResult>;
  /** Remembers a checked address (settings.json) and starts using it. */
  rememberServerAddress(address: string): Promise<void>;
  saveInvoicePdf(invoiceId: unknown): Promise<SaveInvoicePdfResult>;
}

export function registerIpcHandlers(ipcMain: Pick<IpcMain, 'handle'>, services: IpcServices): void {
  handleTrusted(ipcMain, CHANNELS.getServerAddress, () => services.getServerAddress());

  handleTrusted(ipcMain, CHANNELS.checkServer, async (): Promise<ServerCheckResult> => {
    const address = services.getServerAddress();
    if (!address) return { ok: false, problem: 'not-set', message: messages.notSet, advice: messages.notSet, address: null };
    return services.checkServerAddress(address);
  });

  handleTrusted(ipcMain, CHANNELS.setServerAddress, async (_event, input: unknown): Promise<ServerCheckResult> => {
    const result = await services.checkServerAddress(typeof input === 'string' ? input : '');
    if (result.ok) await services.rememberServerAddress(result.address);
    return result;
  });

  handleTrusted(ipcMain, CHANNELS.saveInvoicePdf, (_event, invoiceId: unknown) => services.saveInvoicePdf(invoiceId));
}
