import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and generated pictures live. Keys look like "avatars/3f…a1.webp". */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** The public URL path of a key, served under /media. */
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(webp|jpg|png)$/;

/** Media on the local disk under MEDIA_DIR, served by the API at /media/. */
export function createLocalMediaStorage(root: string): MediaStorage {
  const resolve = (key: string): string => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe media key ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a picture.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    url(key) {
      return `/media/${key}`;
    },
  };
}
