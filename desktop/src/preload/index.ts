import { contextBridge, ipcRenderer } from 'electron';
import { CHANNELS, type ClinicDesktopApi } from './api';

// The page's only way into the main process: window.clinicDesktop, five functions. No ipcRenderer, no
// event objects and no Node reach the page (contextIsolation, sandbox). Bundled to one CommonJS file.

const api: ClinicDesktopApi = {
  getServerAddress: () => ipcRenderer.invoke(CHANNELS.getServerAddress),
  checkServer: () => ipcRenderer.invoke(CHANNELS.checkServer),
  setServerAddress: (address) => ipcRenderer.invoke(CHANNELS.setServerAddress, String(address)),
  saveInvoicePdf: (invoiceId) => ipcRenderer.invoke(CHANNELS.saveInvoicePdf, Number(invoiceId)),
  onOpenServerSettings(listener) {
    const handler = () => listener();
    ipcRenderer.on(CHANNELS.openServerSettings, handler);
    return () => {
      ipcRenderer.removeListener(CHANNELS.openServerSettings, handler);
    };
  },
};

contextBridge.exposeInMainWorld('clinicDesktop', api);
