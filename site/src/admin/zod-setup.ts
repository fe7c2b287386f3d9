import { z } from 'zod';

// The server's CSP has no 'unsafe-eval': zod must not try to compile parsers with new Function (which
// would log a CSP violation on every page). Imported first by mount.tsx, before any schema is used.
z.config({ jitless: true });
