import { z } from 'zod';

// The page's Content-Security-Policy forbids eval. Zod probes for it (new Function) when an object schema
// is built, unless told not to: this module is imported before any schema is, so the probe never runs.
z.config({ jitless: true });
