// Resized pictures: `GET /media/<key>?w=<width>` answers a WebP at most <width> pixels wide, for a
// small whitelist of widths (other values → 400, so nobody can fill the disk with one file per
// width). Each size is drawn once with sharp and kept in the resized store under w<width>/<key> — on
// disk DATA_DIR/media-cache, in a bucket the same bucket under `_resized/` — and later requests read
// it from there. Without `?w=` the original is served (media.routes.ts).
import sharp from 'sharp';
import { type FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../errors.js';
import { MEDIA_CACHE_CONTROL, type MediaStorage, MediaUnavailableError, SAFE_KEY } from '../../providers/media/media.js';

/** Widths the storefront asks for in its srcset (card 160–320, gallery 480–960, slides 640–960). */
export const MEDIA_WIDTHS = [160, 320, 480, 640, 960] as const;

export interface ResizedSourceDeps {
  /** Where the resized copies are kept (providers/media createMediaStores). */
  cache: MediaStorage;
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
  /** The resized WebP of `key` at `width`, and whether it came from the store of resized copies. */
  return async function resized(key: string, width: number): Promise<{ data: Buffer; cached: boolean }> {
    if (!SAFE_KEY.test(key)) throw notFound();
    const cacheKey = `w${width}/${key.replace(/\.(jpg|png)$/, '.webp')}`;
    const kept = await deps.cache.get(cacheKey);
    if (kept) return { data: kept, cached: true };
    const id = `${width}:${key}`;
    const pending = inFlight.get(id);
    if (pending) return pending;
    const work = (async () => {
      const original = await deps.original(key);
      const data = await sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      // the stores write whole objects (disk: write then rename), so no reader sees half a picture
      await deps.cache.put(cacheKey, data);
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
export function registerResizedMedia(app: FastifyInstance, deps: { cache: MediaStorage; media: MediaStorage; catalogPicture: (key: string) => Promise<Buffer> }) {
  const resized = createResizedSource({
    cache: deps.cache,
    original: async (key) => {
      // catalogue pictures may not be drawn yet: their source draws them on first use
      if (key.startsWith('catalog/')) return deps.catalogPicture(key);
      const data = await deps.media.get(key);
      if (!data) throw notFound();
      return data;
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
    let answer: { data: Buffer; cached: boolean };
    try {
      answer = await resized(key, width);
    } catch (err) {
      if (err instanceof MediaUnavailableError) request.log.warn({ err, key, width }, 'media store unavailable');
      throw err;
    }
    const { data, cached } = answer;
    return reply
      .type('image/webp')
      .header('cache-control', MEDIA_CACHE_CONTROL)
      .header('x-media-cache', cached ? 'hit' : 'miss')
      .send(data);
  });
}
