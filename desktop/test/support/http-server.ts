import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 and a free port, for the tests that must cross a socket. */
export async function startLocalServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: a server is started, its port noted, and the server closed. */
export async function closedPort(): Promise<number> {
  const local = await startLocalServer((_req, res) => res.end());
  const port = Number(new URL(local.url).port);
  await local.close();
  return port;
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
