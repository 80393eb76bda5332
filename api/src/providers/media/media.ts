import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable } from 'node:stream';
import { AppError } from '../../errors.js';

/** One stored picture, opened for sending: its bytes as a stream and what the answer's headers need. */
export interface MediaObject {
  body: Readable;
  size: number;
  contentType: string;
  /** A strong or weak entity tag, quoted as in an ETag header. */
  etag: string;
  lastModified: Date | undefined;
}

/**
 * Where uploaded and generated pictures live: the local disk (MEDIA_DIR) or an S3-compatible bucket
 * (MEDIA_STORAGE=s3). Keys look like "avatars/3f…a1.webp". Everything that stores or reads media goes
 * through this interface; the API serves every key at /media/<key> (modules/media/media.routes.ts).
 */
export interface MediaStorage {
  /** `disk` or `s3`, for logs and the start-up line. */
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** The whole picture, or null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
  /** The picture as a stream for an answer, or null when the key holds nothing. */
  open(key: string): Promise<MediaObject | null>;
  /** Deletes the key; a key that holds nothing is no error. */
  remove(key: string): Promise<void>;
  /** The public URL path of a key, served under /media. */
  url(key: string): string;
  /** Throws a MediaUnavailableError naming the cause when the store cannot be read (start-up check). */
  check(): Promise<void>;
}

/**
 * The store could not be reached or refused the request (bucket missing, bad credentials, time-out).
 * A 503 for the client (`SERVICE_UNAVAILABLE`, in its language); `message` names the cause for the log.
 */
export class MediaUnavailableError extends AppError {
  constructor(detail: string, cause?: unknown) {
    super('SERVICE_UNAVAILABLE', 503, { retryAfter: 30, cause });
    this.name = 'MediaUnavailableError';
    this.message = detail;
  }
}

/** Media keys: lower-case names in folders, a picture extension. No dots elsewhere, so no "..". */
export const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(webp|jpg|png)$/;

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/** The Content-Type of a media key, by its extension. */
export function mediaContentType(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** Media keys are random or derived from the picture, never rewritten: answers may be cached for good. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Media on the local disk under `root` (MEDIA_DIR, or DATA_DIR/media-cache for the resized copies). */
export function createLocalMediaStorage(root: string): MediaStorage {
  const resolve = (key: string): string => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe media key ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR' || (err as NodeJS.ErrnoException).code === 'ENOTDIR';
  return {
    kind: 'disk',
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a picture.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async open(key) {
      if (!SAFE_KEY.test(key)) return null;
      const file = resolve(key);
      let stat;
      try {
        stat = await fs.stat(file);
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      if (!stat.isFile()) return null;
      return {
        body: createReadStream(file),
        size: stat.size,
        contentType: mediaContentType(key),
        // the same weak tag as @fastify/static's (size and modification time)
        etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
        lastModified: stat.mtime,
      };
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    url(key) {
      return `/media/${key}`;
    },
    async check() {
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fs.constants.W_OK);
      } catch (err) {
        throw new MediaUnavailableError(`media folder ${root} is not writable: ${(err as Error).message}`, err);
      }
    },
  };
}
