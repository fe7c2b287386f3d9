import type { IncomingMessage } from 'node:http';
import { APP_ORIGIN } from '../../src/main/constants';
import { readBody, startLocalServer, type LocalServer } from './http-server';

/**
 * Serves the app:// protocol handler over HTTP, so headless Chromium can open the built renderer the way
 * the app window does: every request becomes the Request the handler gets in Electron (app://clinic/...),
 * and its Response is written back, headers (the CSP among them) included.
 */
export function startAppServer(handler: (request: Request) => Promise<Response>): Promise<LocalServer> {
  return startLocalServer(async (req: IncomingMessage, res) => {
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name === 'host' || name === 'connection') continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const method = req.method ?? 'GET';
      const body = method === 'GET' || method === 'HEAD' ? undefined : Uint8Array.from(await readBody(req));
      const response = await handler(new Request(`${APP_ORIGIN}${req.url ?? '/'}`, { method, headers, body }));
      const out: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        out[name] = value;
      });
      const setCookie = response.headers.getSetCookie();
      if (setCookie.length) out['set-cookie'] = setCookie;
      res.writeHead(response.status, response.statusText, out);
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
}
