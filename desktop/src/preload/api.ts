// The typed contract between the app's page and its main process: what window.clinicDesktop offers
// (desktop/src/preload/index.ts) and what each call answers. Types only: the sandboxed preload, the main
// process and the renderer all import it, and nothing of it exists at run time.

/** Why the clinic server could not be used. */
export type ServerProblem = 'not-set' | 'invalid' | 'unreachable' | 'not-clinic' | 'unhealthy';

export type ServerCheckResult =
  | { ok: true; address: string }
  | {
      ok: false;
      problem: ServerProblem;
      /** A sentence naming the address, for the address form. */
      message: string;
      /** The same without the address, for the screen that shows the address on its own. */
      advice: string;
      address: string | null;
    };

export type SaveInvoicePdfResult =
  | { status: 'saved'; filePath: string }
  | { status: 'cancelled' }
  | { status: 'error'; message: string; signedOut: boolean };

export interface ClinicDesktopApi {
  /** The remembered server address (an origin such as http://192.168.1.20:3000), or null before the first set. */
  getServerAddress(): Promise<string | null>;
  /** Reaches GET <address>/healthz of the remembered address. */
  checkServer(): Promise<ServerCheckResult>;
  /** Checks the given address and, when it is a clinic server, remembers it. */
  setServerAddress(address: string): Promise<ServerCheckResult>;
  /** Prints the invoice to PDF locally, asks where to save it (invoice-{id}.pdf), then offers to open it. */
  saveInvoicePdf(invoiceId: number): Promise<SaveInvoicePdfResult>;
  /** Called when staff choose "Change Server Address..." in the menu; answers a function that unsubscribes. */
  onOpenServerSettings(listener: () => void): () => void;
}

/** IPC channel names, one per call. */
export const CHANNELS = {
  getServerAddress: 'server:get-address',
  checkServer: 'server:check',
  setServerAddress: 'server:set-address',
  saveInvoicePdf: 'invoice:save-pdf',
  openServerSettings: 'app:open-server-settings',
} as const;
