import path from 'node:path';
import { type Config } from '../../config.js';
import { type MediaStorage, createLocalMediaStorage } from './media.js';
import { createS3Client, createS3MediaStorage } from './s3.js';

export { type MediaStorage, MediaUnavailableError } from './media.js';

/** Where the resized `?w=` copies live in a bucket: a prefix no media key can start with (no "_"). */
export const RESIZED_PREFIX = '_resized/';

/**
 * The media store MEDIA_STORAGE names, and the store of the resized `?w=` copies beside it: on disk
 * DATA_DIR/media-cache (a cache each machine may rebuild), in a bucket the same bucket under `_resized/`
 * (drawn once for every replica).
 */
export function createMediaStores(config: Pick<Config, 'media' | 'mediaDir' | 'dataDir'>): { media: MediaStorage; resized: MediaStorage } {
  if (config.media.storage === 's3') {
    const client = createS3Client(config.media.s3);
    return {
      media: createS3MediaStorage(config.media.s3, client),
      resized: createS3MediaStorage(config.media.s3, client, RESIZED_PREFIX),
    };
  }
  return { media: createLocalMediaStorage(config.mediaDir), resized: createLocalMediaStorage(path.join(config.dataDir, 'media-cache')) };
}
