import http, { type Server } from 'node:http';
import type Koa from 'koa';

/**
 * How long a client may take, chosen so that slow clients cannot hold the server's sockets: the request
 * line and headers must arrive within `headersMs` of connecting (slowloris), the whole request (a 5 MB
 * photo from a phone on a weak network included) within `requestMs`, a connection may sit idle between
 * requests for `keepAliveMs`, and one that neither sends nor reads for `idleMs` is closed.
 */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  idleMs: number;
}

export const defaultHttpTimeouts: HttpTimeouts = { headersMs: 10_000, requestMs: 120_000, keepAliveMs: 5_000, idleMs: 60_000 };

export function createHttpServer(app: Koa, timeouts: HttpTimeouts = defaultHttpTimeouts): Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node checks the two limits above (30 s by default would let a slow client overstay).
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, timeouts.headersMs / 2)),
    },
    app.callback(),
  );
  server.setTimeout(timeouts.idleMs);
  return server;
}
