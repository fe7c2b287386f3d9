import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// FILE-5: a real S3-compatible server for the bucket driver's tests: s3rver, in this process, on a port the
// system picks, keeping its objects in a temporary folder. It notes each request's method, path and
// server-side encryption header, which it does not act on itself.

export const TEST_BUCKET = 'clinic-files';

export interface S3TestServer {
  /** STORAGE_URL of the test bucket, under `prefix` when given (each suite keeps to its own). */
  storageUrl(prefix?: string, parameters?: string): string;
  requests: { method: string; path: string; encryption: string | undefined }[];
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-s3rver-'));
  const s3 = new S3rver({ directory, silent: true, configureBuckets: [{ name: TEST_BUCKET, configs: [] }] });
  await s3.configureBuckets();
  const handle = s3.callback();
  const requests: S3TestServer['requests'] = [];
  const server = http.createServer((req, res) => {
    const encryption = req.headers['x-amz-server-side-encryption'];
    requests.push({ method: req.method ?? '', path: decodeURIComponent(req.url ?? ''), encryption: typeof encryption === 'string' ? encryption : undefined });
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // s3rver's own fixed credentials: it checks every request's signature.
    storageUrl: (prefix = '', parameters = '') => `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${TEST_BUCKET}${prefix ? `/${prefix}` : ''}${parameters ? `?${parameters}` : ''}`,
    requests,
    async close() {
      // The SDK keeps its connections open for the next request.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
