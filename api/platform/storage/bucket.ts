import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BucketConfig } from './bucket-url';
import { measuring } from './measure';
import { checkKey, FileMissing, type FileStorage, isStorageKey, type OpenedFile, type StoredFile } from './types';

// FILE-5: the bucket driver (STORAGE_URL): a key is an object under the URL's prefix in an S3-compatible
// bucket (AWS S3, Cloudflare R2, Backblaze B2, DigitalOcean Spaces, MinIO). A file streams into a multipart
// upload in parts of PART_SIZE, one part in flight, so a 100 MB file costs about two parts of memory; S3
// shows an object only once its upload is complete, and an upload that fails is aborted, so a failure leaves
// the old object or none. Objects are written with server-side encryption asked for (the URL's sse): the
// files are patients' images and records.

// S3's smallest part but the last: the least memory a multipart upload can use.
const PART_SIZE = 5 * 1024 * 1024;

export class BucketStorage implements FileStorage {
  readonly location: string;
  private readonly client: S3Client;

  constructor(private readonly config: BucketConfig) {
    this.location = config.location;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.pathStyle,
      credentials: config.credentials,
      // The SDK's default CRC checksums (aws-chunked bodies) are refused by several S3-compatible servers;
      // the files' own SHA-256 is kept in PostgreSQL and checked by backups.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKeyOf(key: string): string {
    return `${this.config.prefix}${checkKey(key)}`;
  }

  async put(key: string, content: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<StoredFile> {
    const objectKey = this.objectKeyOf(key);
    const measure = measuring();
    // The upload pulls the source chunk by chunk: when it fails, the source is returned (a stream destroyed)
    // and read no further. When the source fails, the upload fails and is aborted; the source's error is the
    // one answered (an abort the server refuses would otherwise hide it).
    let sourceError: unknown = null;
    const measured = async function* () {
      // An error thrown in at the yield is the upload stopping; one thrown by the source is the source's.
      let handedOver = false;
      try {
        for await (const chunk of content) {
          measure.count(chunk as Uint8Array);
          handedOver = true;
          yield chunk as Uint8Array;
          handedOver = false;
        }
      } catch (err) {
        if (!handedOver) sourceError = err;
        throw err;
      }
    };
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.config.bucket,
        Key: objectKey,
        Body: Readable.from(measured()),
        ...(this.config.serverSideEncryption ? { ServerSideEncryption: this.config.serverSideEncryption } : {}),
      },
      partSize: PART_SIZE,
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      throw sourceError ?? err;
    }
    return measure.result();
  }

  async open(key: string): Promise<OpenedFile> {
    const object = await this.client
      .send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKeyOf(key) }))
      .catch((err: unknown) => {
        throw isMissing(err) ? new FileMissing(key) : err;
      });
    return { size: object.ContentLength ?? 0, stream: object.Body as Readable };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKeyOf(key) })).catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw err;
    });
    return head ? { size: head.ContentLength ?? 0 } : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** S3 answers a delete of an absent object as done. */
  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKeyOf(key) }));
  }

  /** Every object under the prefix, the prefix taken off; objects not named as storage keys (a console's folder markers) are not the product's. */
  async *list(): AsyncIterable<string> {
    const { bucket, prefix } = this.config;
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: bucket, Prefix: prefix || undefined })) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length);
        if (key && isStorageKey(key)) yield key;
      }
    }
  }
}

/** A GET answers NoSuchKey for an absent object; a HEAD, which has no body, NotFound. */
function isMissing(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');
}
