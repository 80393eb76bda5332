// Resized pictures: `GET /media/<key>?w=<width>` answers a WebP at most <width> pixels wide, for a
// small whitelist of widths (other values → 400, so nobody can fill the disk with one file per
// width). Each size is drawn once with sharp and kept on disk under DATA_DIR/media-cache/w<width>/;
// later requests read that file. Without `?w=` the original is served as before.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { type FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../errors.js';

/** Widths the storefront asks for in its srcset (card 160–320, gallery 480–960, slides 640–960). */
export const MEDIA_WIDTHS = [160, 320, 480, 640, 960] as const;

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(webp|jpg|png)$/;

export interface ResizedSourceDeps {
  /** Folder for the resized copies (DATA_DIR/media-cache). */
  cacheDir: string;
  /** The original picture of a media key; throws notFound when there is none. */
  original: (key: string) => Promise<Buffer>;
}

/** Parses `?w=`: undefined when absent, the width when allowed, else a 400. */
export function parseWidth(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const w = typeof raw === 'string' && /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(MEDIA_WIDTHS as readonly number[]).includes(w)) {
    throw new AppError('BAD_REQUEST', 400, { fields: { w: 'invalid' } });
  }
  return w;
}

export function createResizedSource(deps: ResizedSourceDeps) {
  const inFlight = new Map<string, Promise<{ data: Buffer; cached: boolean }>>();
  /** The resized WebP of `key` at `width`, and whether it came from the disk cache. */
  return async function resized(key: string, width: number): Promise<{ data: Buffer; cached: boolean }> {
    if (!SAFE_KEY.test(key)) throw notFound();
    const file = path.join(deps.cacheDir, `w${width}`, key.replace(/\.(jpg|png)$/, '.webp'));
    try {
      return { data: await readFile(file), cached: true };
    } catch {
      // not drawn at this width yet
    }
    const id = `${width}:${key}`;
    const pending = inFlight.get(id);
    if (pending) return pending;
    const work = (async () => {
      const original = await deps.original(key);
      const data = await sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      await mkdir(path.dirname(file), { recursive: true });
      // write then rename: a concurrent reader never sees half a picture
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
      return { data, cached: false };
    })().finally(() => inFlight.delete(id));
    inFlight.set(id, work);
    return work;
  };
}

/**
 * Answers `/media/*?w=` before the static files and the catalogue picture route see the request.
 * Registered on the app (not encapsulated) so the hook covers every /media/ route.
 */
export function registerResizedMedia(app: FastifyInstance, deps: { cacheDir: string; mediaDir: string; catalogPicture: (key: string) => Promise<Buffer> }) {
  const resized = createResizedSource({
    cacheDir: deps.cacheDir,
    original: async (key) => {
      // catalogue pictures may not be drawn yet: their source draws them on first use
      if (key.startsWith('catalog/')) return deps.catalogPicture(key);
      try {
        return await readFile(path.join(deps.mediaDir, key));
      } catch {
        throw notFound();
      }
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/media/') || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const query = request.query as Record<string, unknown> | undefined;
    const width = parseWidth(query?.w);
    if (width === undefined) return;
    let key: string;
    try {
      key = decodeURIComponent(request.url.slice('/media/'.length).split('?')[0] ?? '');
    } catch {
      throw notFound();
    }
    const { data, cached } = await resized(key, width);
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-media-cache', cached ? 'hit' : 'miss')
      .send(data);
  });
}
