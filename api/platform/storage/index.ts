import { parseStorageUrl } from './bucket-url';
import { FolderStorage } from './folder';
import type { FileStorage } from './types';

export { type BucketConfig, parseStorageUrl, StorageUrlError } from './bucket-url';
export { FolderStorage } from './folder';
export { checkKey, FileMissing, type FileStorage, type OpenedFile, type StoredFile } from './types';

/**
 * FILE-1, FILE-5: the configured storage: the bucket of STORAGE_URL when it is set, else the folder
 * (STORAGE_DIR). The bucket driver is imported only then: the AWS SDK costs about 23 MB that a folder
 * does not need.
 */
export async function createStorage(config: { storageDir: string; storageUrl?: string }): Promise<FileStorage> {
  if (!config.storageUrl) return new FolderStorage(config.storageDir);
  const { BucketStorage } = await import('./bucket');
  return new BucketStorage(parseStorageUrl(config.storageUrl));
}
