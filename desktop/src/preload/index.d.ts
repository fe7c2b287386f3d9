import type { ClinicDesktopApi } from './api';

// What the preload puts on the page (desktop/src/preload/index.ts). Absent when the renderer is opened in a
// plain browser (the screenshot tests), hence optional.
declare global {
  interface Window {
    clinicDesktop?: ClinicDesktopApi;
  }
}

export {};
