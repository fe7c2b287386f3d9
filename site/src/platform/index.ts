export type { AdminPlatform, InvoicePdfRequest, SaveResult } from './types';
export { browserPlatform } from './browser';
export { PlatformProvider, usePlatform } from './platform-context';
