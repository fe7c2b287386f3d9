import type { Readable } from 'node:stream';

// FILE-1: files (uploaded images today; X-rays and documents next) live in a file storage outside the
// database, behind this interface. Every driver streams: no operation holds a whole file in memory, so a
// 100 MB document costs what a 100 KB one does. Keys are chosen by the server (never a client's file name):
// lower-case letters, digits, '.', '_' and '-', in segments joined by '/' (e.g. `media/<uuid>.png`).

export interface StoredFile {
  size: number;
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
}

export interface OpenedFile {
  size: number;
  stream: Readable;
}

export interface FileStorage {
  /** A description for logs and messages (the folder, or later the bucket). */
  readonly location: string;
  /**
   * Writes `content` under `key`, replacing what was there. The file is visible only once it is whole and
   * on the disk: a crash leaves the old file or none, never half of the new one. Answers its size and hash.
   */
  put(key: string, content: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<StoredFile>;
  /** The file's bytes as a stream, and its size; throws FileMissing when there is no such file. */
  open(key: string): Promise<OpenedFile>;
  /** The size of the file, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Every key held, in no promised order (a backup walks them). */
  list(): AsyncIterable<string>;
}

export class FileMissing extends Error {
  constructor(readonly key: string) {
    super(`No stored file ${key}`);
  }
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Whether `key` is a storage key (no '..', no leading dot or slash, no upper case, at most 200 characters). */
export function isStorageKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key) && !key.split('/').some((s) => s.includes('..'));
}

/** Throws unless `key` is a storage key. */
export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}
