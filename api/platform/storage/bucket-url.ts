// FILE-5: STORAGE_URL names the S3-compatible bucket the stored files live in:
//   s3://ACCESS_KEY_ID:SECRET@host[:port]/bucket[/prefix]?region=ap-south-1     an HTTPS endpoint
//   s3+http://ACCESS_KEY_ID:SECRET@host[:port]/bucket[/prefix]                  a plain-HTTP one (same machine)
// Credentials are percent-encoded (a secret's '/' is %2F); without them the SDK's own chain applies
// (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role). Parameters: region (default
// us-east-1, what MinIO expects; an AWS bucket needs its own), sse (AES256 by default, aws:kms, or none for a
// server that refuses the header), addressing (path by default, which every S3-compatible server takes, or
// virtual). This file only reads the URL (api/config.ts checks it at start); api/platform/storage/bucket.ts
// uses it. No message here ever repeats the URL: it holds the secret.

export interface BucketConfig {
  /** https://host[:port] or http://host[:port]. */
  endpoint: string;
  bucket: string;
  /** '' or segments ending in '/', e.g. 'clinic/files/': every object key starts with it. */
  prefix: string;
  region: string;
  /** Absent: the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Server-side encryption asked of every object written; null when the URL says sse=none. */
  serverSideEncryption: 'AES256' | 'aws:kms' | null;
  pathStyle: boolean;
  /** s3://host[:port]/bucket/prefix: for logs, without the credentials. */
  location: string;
}

export class StorageUrlError extends Error {}

export const STORAGE_URL_FORMAT = 's3://ACCESS_KEY_ID:SECRET@host[:port]/bucket[/prefix]?region=REGION (or s3+http:// for a plain-HTTP server)';

const SCHEMES: Record<string, 'https' | 'http'> = { 's3:': 'https', 's3+http:': 'http' };
const PARAMETERS = ['region', 'sse', 'addressing'];
// S3's bucket names: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;
const REGION = /^[a-z0-9-]{1,40}$/;
const ENCRYPTIONS = { AES256: 'AES256', 'aws:kms': 'aws:kms', none: null } as const;

/** Reads STORAGE_URL; throws StorageUrlError saying what is wrong (never the URL itself). */
export function parseStorageUrl(text: string): BucketConfig {
  const fail = (what: string) => new StorageUrlError(`${what}; expected ${STORAGE_URL_FORMAT}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fail('not a URL');
  }
  const protocol = SCHEMES[url.protocol];
  if (!protocol) throw fail('must start with s3:// (an HTTPS endpoint) or s3+http:// (plain HTTP)');
  if (!url.hostname) throw fail('names no host');
  const [bucket = '', ...prefixSegments] = url.pathname.replace(/^\//, '').replace(/\/$/, '').split('/');
  if (!bucket) throw fail('names no bucket');
  if (!BUCKET.test(bucket)) throw fail('the bucket name must be 3 to 63 lower-case letters, digits, dots and hyphens');
  if (!prefixSegments.every((s) => PREFIX_SEGMENT.test(s))) throw fail('the prefix after the bucket must be folder names of letters, digits, dots, hyphens and underscores');
  if (url.hash) throw fail('has a #fragment');

  const unknown = [...url.searchParams.keys()].filter((k) => !PARAMETERS.includes(k));
  if (unknown.length > 0) throw fail(`has unknown parameters (${unknown.join(', ')}; known: ${PARAMETERS.join(', ')})`);
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) throw fail('region must be a region name such as ap-south-1');
  const sse = url.searchParams.get('sse') ?? 'AES256';
  if (!(sse in ENCRYPTIONS)) throw fail('sse must be AES256, aws:kms or none');
  const addressing = url.searchParams.get('addressing') ?? 'path';
  if (addressing !== 'path' && addressing !== 'virtual') throw fail('addressing must be path or virtual');

  if (Boolean(url.username) !== Boolean(url.password)) throw fail('gives an access key id without its secret, or a secret without its key id');
  let credentials: BucketConfig['credentials'];
  if (url.username) {
    try {
      credentials = { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) };
    } catch {
      throw fail('the credentials are not properly percent-encoded');
    }
  }

  const prefix = prefixSegments.map((s) => `${s}/`).join('');
  return {
    endpoint: `${protocol}://${url.host}`,
    bucket,
    prefix,
    region,
    ...(credentials ? { credentials } : {}),
    serverSideEncryption: ENCRYPTIONS[sse as keyof typeof ENCRYPTIONS],
    pathStyle: addressing === 'path',
    location: `${url.protocol}//${url.host}/${bucket}${prefix ? `/${prefix.replace(/\/$/, '')}` : ''}`,
  };
}
