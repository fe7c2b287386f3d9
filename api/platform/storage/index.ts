import { FolderStorage } from './folder';
import type { FileStorage } from './types';

export { FolderStorage } from './folder';
export { checkKey, FileMissing, type FileStorage, type OpenedFile, type StoredFile } from './types';

/** FILE-1: the configured storage. Today a folder (STORAGE_DIR); an S3-compatible driver will be chosen here. */
export function createStorage(config: { storageDir: string }): FileStorage {
  return new FolderStorage(config.storageDir);
}
